import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type {
  TBreakerState,
  TService,
  TSupplierHealth,
} from '@vendo/shared/schemas/admin.responses';
import { buildSession, buildUser, profileOf } from '@/test/factories';
import { holdReplies, stubHttp, type TRoute } from '@/test/http-stub';
import { renderApp } from '@/test/render-app';
import { billsRoutes } from './bills-server';

const service = (
  serviceName: string,
  serviceStatus = true,
  serviceType?: 'airtime' | 'data',
): TService => ({
  id: `svc-${serviceName}${serviceType ?? ''}`,
  serviceName,
  ...(serviceType ? { serviceType } : {}),
  serviceStatus,
  updatedAt: '2026-11-01T09:00:00.000Z',
});

/** The admin settings' side of the server, keeping what each POST changed. */
const openSettings = (extra: Record<string, TRoute> = {}, role: 'admin' | 'agent' = 'admin') => {
  let services = [
    service('airtime'),
    service('data'),
    service('electricity'),
    service('MTN', true, 'airtime'),
    service('MTN', true, 'data'),
    service('GLO', true, 'airtime'),
    service('GLO', true, 'data'),
  ];
  const alone = (network: string, supplierName: string) => ({
    network,
    supplierName,
    data: [supplierName],
    airtime: [supplierName],
  });
  let suppliers = [
    alone('MTN', 'ALARO'),
    { network: 'GLO', supplierName: 'ALARO', data: ['ALARO', 'GLAD'], airtime: ['ALARO', 'GLAD'] },
    alone('AIRTEL', 'GLAD'),
    alone('9MOBILE', 'ALARO'),
  ];
  let notice = { msg: 'Old news', id: 1, seen: true };
  let ussdCodes = [{ id: 1, category: 'data', label: 'MTN SME', code: '*461*4#', sortOrder: 1 }];
  const session = buildSession({
    user: buildUser({ isAdmin: role === 'admin', isAgent: role === 'agent' }),
  });
  const requests = stubHttp({
    'GET /auth': { status: 200, data: profileOf(session) },
    'GET /admin/checkServices': () => ({ status: 200, data: services }),
    'POST /admin/updateServices': (request) => {
      const body = request.body as {
        serviceName: string;
        serviceType?: string;
        serviceStatus: boolean;
      };
      services = services.map((s) =>
        s.serviceName === body.serviceName && s.serviceType === body.serviceType
          ? { ...s, serviceStatus: body.serviceStatus }
          : s,
      );
      const target = [body.serviceName, body.serviceType].filter(Boolean).join(' ');
      return {
        status: 200,
        data: { msg: `${target} is now ${body.serviceStatus ? 'available' : 'locked'}` },
      };
    },
    'GET /admin/supplier': () => ({ status: 200, data: suppliers }),
    'POST /admin/supplier': (request) => {
      const body = request.body as { network: string; supplierName?: string; suppliers?: string[] };
      const list = body.suppliers ?? [body.supplierName!];
      suppliers = suppliers.map((s) =>
        s.network === body.network
          ? { network: s.network, supplierName: list[0]!, data: list, airtime: list }
          : s,
      );
      return {
        status: 200,
        data: { msg: `${body.network} is now served by ${list.join(', then ')}` },
      };
    },
    'GET /admin/costPrice': {
      status: 200,
      data: [
        { network: 'MTN', costPrice: 250 },
        { network: 'GLO', costPrice: 230 },
      ],
    },
    'POST /admin/costPrice': { status: 200, data: { msg: 'MTN cost price is now ₦260 per GB' } },
    'GET /admin/notification': () => ({ status: 200, data: notice }),
    'POST /admin/notification': (request) => {
      notice = { msg: (request.body as { msg: string }).msg, id: notice.id + 1, seen: false };
      return { status: 200, data: { msg: 'Notification sent', id: notice.id } };
    },
    'GET /admin/fees': {
      status: 200,
      data: { fundPageFeePercent: 1, accountCardFeePercent: 1.08 },
    },
    'POST /admin/fees': { status: 200, data: { msg: 'Fees updated' } },
    'GET /ussd': () => ({ status: 200, data: { ussdCodes } }),
    'POST /admin/ussd': (request) => {
      const body = request.body as { id?: number; category: string; label: string; code: string };
      ussdCodes = body.id
        ? ussdCodes.map((c) => (c.id === body.id ? { ...c, ...body, id: c.id } : c))
        : [...ussdCodes, { ...body, id: ussdCodes.length + 1, sortOrder: 9 }];
      return { status: 200, data: { msg: 'USSD codes updated', ussdCodes } };
    },
    ...billsRoutes(),
    ...extra,
  });
  const view = renderApp({
    route: '/profile/adminSettings',
    session: { token: session.token, user: session.user },
  });
  return { ...view, requests };
};

const section = async (name: string) => within(await screen.findByRole('region', { name }));

const posted = (requests: ReturnType<typeof openSettings>['requests'], url: string) =>
  requests.filter((r) => r.method === 'POST' && r.url === url).map((r) => r.body);

describe('/profile/adminSettings', () => {
  it('shows a card per service, available or locked, and locks and unlocks it', async () => {
    const { user, requests } = openSettings();
    const services = await section('Services');
    const data = within(await services.findByRole('listitem', { name: 'Data' }));
    expect(data.getByText('Available')).toBeInTheDocument();

    await user.click(data.getByRole('button', { name: 'Lock' }));
    expect(await screen.findByText('data is now locked')).toBeInTheDocument();
    expect(await data.findByText('Locked')).toBeInTheDocument();
    expect(posted(requests, '/admin/updateServices')).toEqual([
      { serviceName: 'data', serviceStatus: false },
    ]);

    await user.click(data.getByRole('button', { name: 'Unlock' }));
    expect(await data.findByText('Available')).toBeInTheDocument();
    expect(posted(requests, '/admin/updateServices').at(-1)).toEqual({
      serviceName: 'data',
      serviceStatus: true,
    });
  });

  it("locks one network's data while its airtime and the other networks stay open", async () => {
    const { user, requests } = openSettings();
    const byNetwork = within(await screen.findByRole('list', { name: 'Services by network' }));
    const mtnData = within(await byNetwork.findByRole('listitem', { name: 'MTN data' }));
    await user.click(mtnData.getByRole('button', { name: 'Lock' }));
    expect(await screen.findByText('MTN data is now locked')).toBeInTheDocument();
    expect(await mtnData.findByText('Locked')).toBeInTheDocument();
    expect(posted(requests, '/admin/updateServices')).toEqual([
      { serviceName: 'MTN', serviceType: 'data', serviceStatus: false },
    ]);
    const mtnAirtime = within(byNetwork.getByRole('listitem', { name: 'MTN airtime' }));
    expect(mtnAirtime.getByText('Available')).toBeInTheDocument();
    const services = await section('Services');
    expect(
      within(services.getByRole('listitem', { name: 'Data' })).getByText('Available'),
    ).toBeInTheDocument();
  });

  it('locks a cable provider and unlocks an exam body on their own', async () => {
    const { user, requests } = openSettings();
    const cable = within(await screen.findByRole('list', { name: 'Cable TV providers' }));
    const dstv = within(cable.getByRole('listitem', { name: 'DStv' }));
    expect(dstv.getByText('Available')).toBeInTheDocument();
    await user.click(dstv.getByRole('button', { name: 'Lock DStv' }));
    expect(await screen.findByText('DStv is now locked')).toBeInTheDocument();
    expect(await dstv.findByText('Locked')).toBeInTheDocument();
    const gotv = within(cable.getByRole('listitem', { name: 'GOtv' }));
    await user.click(gotv.getByRole('button', { name: 'Unlock GOtv' }));
    expect(await gotv.findByText('Available')).toBeInTheDocument();
    expect(posted(requests, '/admin/bills/serviceStatus')).toEqual([
      { serviceId: 'dstv', isOpen: false },
      { serviceId: 'gotv', isOpen: true },
    ]);
    const exams = within(screen.getByRole('list', { name: 'Exam bodies' }));
    expect(exams.getByRole('listitem', { name: 'WAEC result checker' })).toBeInTheDocument();
  });

  it('offers the bills suppliers the server lists, per provider and exam body', async () => {
    openSettings();
    const suppliers = await section('Suppliers');
    const dstv = await suppliers.findByLabelText('DStv supplier');
    expect(dstv).toHaveValue('VTPASS');
    expect(
      within(dstv)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['VTPASS']);
    expect(suppliers.getByRole('button', { name: 'Save DStv supplier' })).toBeDisabled();
  });

  it('switches the supplier of a network', async () => {
    const { user, requests } = openSettings();
    const suppliers = await section('Suppliers');
    await waitFor(() => expect(suppliers.getByLabelText('AIRTEL supplier')).toHaveValue('GLAD'));
    const save = suppliers.getByRole('button', { name: 'Save MTN supplier' });
    expect(save).toBeDisabled(); // nothing changed yet

    await user.selectOptions(suppliers.getByLabelText('MTN supplier'), 'GLAD');
    await user.click(save);
    expect(await screen.findByText('MTN is now served by GLAD')).toBeInTheDocument();
    expect(posted(requests, '/admin/supplier')).toEqual([{ network: 'MTN', supplierName: 'GLAD' }]);
  });

  it('sets who takes a network’s purchases its supplier refuses, and clears it', async () => {
    const { user, requests } = openSettings();
    const suppliers = await section('Suppliers');
    // A row starts again from what the server holds once it loads: found anew each time.
    const thenOf = (network: string) => suppliers.getByLabelText(`${network}: if it refuses, then`);
    await waitFor(() => expect(thenOf('GLO')).toHaveValue('GLAD'));
    // The supplier itself is never offered as its own fallback.
    const mtnThen = thenOf('MTN');
    expect(within(mtnThen).queryByRole('option', { name: 'ALARO' })).toBeNull();

    await user.selectOptions(mtnThen, 'GLAD');
    await user.click(suppliers.getByRole('button', { name: 'Save MTN supplier' }));
    expect(await screen.findByText('MTN is now served by ALARO, then GLAD')).toBeInTheDocument();

    await user.selectOptions(thenOf('GLO'), '');
    await user.click(suppliers.getByRole('button', { name: 'Save GLO supplier' }));
    expect(await screen.findByText('GLO is now served by ALARO')).toBeInTheDocument();
    expect(posted(requests, '/admin/supplier')).toEqual([
      { network: 'MTN', suppliers: ['ALARO', 'GLAD'] },
      { network: 'GLO', supplierName: 'ALARO' },
    ]);
    // Four selections and two saves through the whole page: slower than most on a busy machine.
  }, 15_000);

  it('shows each supplier’s health on a 360 px phone, forces one open and clears the force', async () => {
    const width = window.innerWidth;
    window.innerWidth = 360;
    const breaker = (
      supplier: string,
      product: 'data' | 'airtime',
      state: TBreakerState,
      measure: { successRatio: number | null; sample: number },
    ): TSupplierHealth => ({
      supplier,
      product,
      state,
      forced: null,
      effectiveState: state,
      ...measure,
      since: '2026-11-01T09:00:00.000Z',
      checkedAt: '2026-11-01T09:30:00.000Z',
      forcedBy: null,
      forcedAt: null,
    });
    let breakers = [
      breaker('ALARO', 'data', 'closed', { successRatio: 0.97, sample: 31 }),
      breaker('ALARO', 'airtime', 'open', { successRatio: 0.4, sample: 20 }),
      breaker('GLAD', 'data', 'closed', { successRatio: null, sample: 0 }),
      breaker('GLAD', 'airtime', 'half_open', { successRatio: 1, sample: 2 }),
    ];
    const rules = {
      threshold: 0.85,
      windowMinutes: 60,
      minSample: 20,
      cooldownMinutes: 10,
      probeSample: 5,
    };
    const { user, requests } = openSettings({
      'GET /admin/supplier/health': () => ({ status: 200, data: { breakers, rules } }),
      'POST /admin/supplier/health': (request) => {
        const body = request.body as { supplier: string; product: string; force: 'open' | null };
        breakers = breakers.map((b) =>
          b.supplier === body.supplier && b.product === body.product
            ? {
                ...b,
                forced: body.force,
                effectiveState: body.force ?? b.state,
                forcedBy: 'boss',
                forcedAt: '2026-11-01T09:40:00.000Z',
              }
            : b,
        );
        const who = `${body.supplier} ${body.product}`;
        return {
          status: 200,
          data: {
            msg: body.force ? `${who} is forced ${body.force}` : `${who} is no longer forced`,
            breaker: breakers.find(
              (b) => b.supplier === body.supplier && b.product === body.product,
            )!,
          },
        };
      },
    });
    try {
      const health = await section('Supplier health');
      expect(
        await health.findByText(/Below 85% over at least 20, its purchases go to the next/),
      ).toBeInTheDocument();
      const card = (name: string) => within(health.getByRole('listitem', { name }));
      await health.findByRole('listitem', { name: 'ALARO airtime' });
      expect(card('ALARO data').getByText('Healthy')).toBeInTheDocument();
      expect(card('ALARO data').getByText('97% of 31 attempts succeeded')).toBeInTheDocument();
      expect(card('ALARO airtime').getByText('Failing: skipped')).toBeInTheDocument();
      expect(card('ALARO airtime').getByText('40% of 20 attempts succeeded')).toBeInTheDocument();
      expect(card('GLAD data').getByText('No attempts measured')).toBeInTheDocument();
      expect(card('GLAD airtime').getByText('Testing recovery')).toBeInTheDocument();
      // Nothing forced yet: nothing to clear.
      expect(
        card('GLAD data').getByRole('button', { name: 'Clear force: GLAD data' }),
      ).toBeDisabled();

      await user.click(card('GLAD data').getByRole('button', { name: 'Force open: GLAD data' }));
      expect(await screen.findByText('GLAD data is forced open')).toBeInTheDocument();
      expect(await card('GLAD data').findByText('Failing: skipped')).toBeInTheDocument();
      expect(
        card('GLAD data').getByText(/Forced open by boss; measured healthy/),
      ).toBeInTheDocument();
      expect(
        card('GLAD data').getByRole('button', { name: 'Force open: GLAD data' }),
      ).toBeDisabled();

      await user.click(card('GLAD data').getByRole('button', { name: 'Clear force: GLAD data' }));
      expect(await screen.findByText('GLAD data is no longer forced')).toBeInTheDocument();
      expect(await card('GLAD data').findByText('Healthy')).toBeInTheDocument();
      expect(posted(requests, '/admin/supplier/health')).toEqual([
        { supplier: 'GLAD', product: 'data', force: 'open' },
        { supplier: 'GLAD', product: 'data', force: null },
      ]);
    } finally {
      window.innerWidth = width;
    }
  });

  it("refuses a zero cost price with 'enter a valid price', then saves a valid one", async () => {
    const { user, requests } = openSettings();
    const costs = await section('Cost price');
    const mtn = await costs.findByLabelText('MTN cost per GB (₦)');
    expect(mtn).toHaveValue('250');

    await user.clear(mtn);
    await user.type(mtn, '0');
    await user.click(costs.getByRole('button', { name: 'Save MTN cost price' }));
    expect(costs.getByRole('alert')).toHaveTextContent('enter a valid price');
    expect(posted(requests, '/admin/costPrice')).toEqual([]);

    await user.clear(mtn);
    await user.type(mtn, '260');
    await user.click(costs.getByRole('button', { name: 'Save MTN cost price' }));
    expect(await screen.findByText('MTN cost price is now ₦260 per GB')).toBeInTheDocument();
    expect(posted(requests, '/admin/costPrice')).toEqual([{ network: 'MTN', costPrice: 260 }]);
  });

  it('publishes a notification, with the rule message when empty', async () => {
    const { user, requests } = openSettings();
    const notice = await section('Notification');
    expect(await notice.findByText('Old news')).toBeInTheDocument();

    await user.click(notice.getByRole('button', { name: 'Publish' }));
    expect(notice.getByRole('alert')).toHaveTextContent('Enter a message');

    await user.type(notice.getByLabelText('New message'), 'Data prices change on Monday');
    const release = holdReplies();
    await user.click(notice.getByRole('button', { name: 'Publish' }));
    expect(notice.getByRole('button', { name: 'Publishing...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Notification sent')).toBeInTheDocument();
    expect(await notice.findByText('Data prices change on Monday')).toBeInTheDocument();
    expect(notice.getByLabelText('New message')).toHaveValue('');
    expect(posted(requests, '/admin/notification')).toEqual([
      { msg: 'Data prices change on Monday' },
    ]);
  });

  it('changes the funding fees within their bounds', async () => {
    const { user, requests } = openSettings();
    const fees = await section('Fees');
    const fundPage = await fees.findByLabelText('Fund wallet page fee (%)');
    await waitFor(() => expect(fundPage).toHaveValue('1'));
    expect(fees.getByLabelText('Account card fee (%)')).toHaveValue('1.08');

    await user.clear(fundPage);
    await user.clear(fees.getByLabelText('Account card fee (%)'));
    await user.click(fees.getByRole('button', { name: 'Save fees' }));
    expect(fees.getByRole('alert')).toHaveTextContent('Please enter a valid value');

    await user.type(fundPage, '25');
    await user.click(fees.getByRole('button', { name: 'Save fees' }));
    expect(fees.getByRole('alert')).toHaveTextContent('Enter a fee between 0 and 20%');

    await user.clear(fundPage);
    await user.type(fundPage, '1.5');
    await user.click(fees.getByRole('button', { name: 'Save fees' }));
    expect(await screen.findByText('Fees updated')).toBeInTheDocument();
    expect(posted(requests, '/admin/fees')).toEqual([{ fundPageFeePercent: 1.5 }]);
  });

  it('changes a USSD code and adds one', async () => {
    const { user, requests } = openSettings();
    const ussd = await section('USSD codes');
    const form = within(await ussd.findByRole('form', { name: 'USSD code data MTN SME' }));
    await user.clear(form.getByLabelText('Code'));
    await user.type(form.getByLabelText('Code'), '*323#');
    await user.click(form.getByRole('button', { name: 'Save data MTN SME' }));
    expect(await screen.findByText('USSD codes updated')).toBeInTheDocument();

    const add = within(ussd.getByRole('form', { name: 'Add a USSD code' }));
    await user.selectOptions(add.getByLabelText('Category'), 'airtime');
    await user.type(add.getByLabelText('Label'), 'Glo');
    await user.type(add.getByLabelText('Code'), 'abc');
    await user.click(add.getByRole('button', { name: 'Add code' }));
    expect(await screen.findByText('Enter a valid USSD code')).toBeInTheDocument();
    await user.clear(add.getByLabelText('Code'));
    await user.type(add.getByLabelText('Code'), '*124#');
    await user.click(add.getByRole('button', { name: 'Add code' }));

    expect(await ussd.findByRole('form', { name: 'USSD code airtime Glo' })).toBeInTheDocument();
    expect(posted(requests, '/admin/ussd')).toEqual([
      { id: 1, category: 'data', label: 'MTN SME', code: '*323#' },
      { category: 'airtime', label: 'Glo', code: '*124#' },
    ]);
  });

  it('sends an agent to /profile', async () => {
    openSettings({}, 'agent');
    expect(await screen.findByTestId('balance')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/profile$/);
    expect(screen.queryByRole('heading', { name: 'Admin settings' })).not.toBeInTheDocument();
  });
});
