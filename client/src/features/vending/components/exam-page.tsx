import { EXAM_QUANTITY_MAX, isJambProduct, type TExamProduct } from '@vendo/shared/constants';
import { formatNairaAmount } from '@vendo/shared/money';
import { normalisePhone } from '@vendo/shared/phone';
import {
  ZBuyExamRequest,
  ZExamVerifyRequest,
  type TBuyExamRequest,
  type TExamVerifyRequest,
} from '@vendo/shared/schemas/bills';
import type { TExamVerifyResponse } from '@vendo/shared/schemas/bills.responses';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { FormAlert } from '@/components/ui/form-alert';
import { PausedNotice } from '@/components/ui/paused-notice';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { WalletBalance } from '@/components/ui/wallet-balance';
import { errorMessage } from '@/lib/api-error';
import { useForm } from '@/lib/use-form';
import { validate } from '@/lib/validation';
import '@/styles/components/select.css';
import '../vending.css';
import '../bills.css';
import { usePausedBillsService } from '../hooks/use-paused';
import { useBuyExamMutation } from '../api/buy-exam.api';
import { useGetExamProductsQuery } from '../api/get-exam-products.api';
import { useVerifyExamMutation } from '../api/verify-exam.api';
import { useConfirmedPurchase } from '../hooks/use-confirmed-purchase';
import { toExamProduct } from '../lib/bills';
import { PurchaseConfirm } from './purchase-confirm';

/** What the form would send: the shared schema checks it (a product may not be chosen yet). */
type TDraft<T> = Omit<T, 'product'> & { product: TExamProduct | '' };

const QUANTITY_OPTIONS = Array.from({ length: EXAM_QUANTITY_MAX }, (_, index) => ({
  value: String(index + 1),
  label: String(index + 1),
}));

/**
 * /profile/exam (docs/product-rules.md#exam-pins): product, quantity (1 to 10), phone, confirm,
 * then the receipt with the PINs (copy each, print). A JAMB PIN is for one candidate: their
 * profile code is verified first (their name shows) and it cannot be bought before.
 */
export const ExamPage = () => {
  const form = useForm({ product: '', quantity: '1', profileId: '', phone: '' });
  const { quantity, profileId, phone } = form.values;
  const product = toExamProduct(form.values.product);
  const [candidate, setCandidate] = useState<TExamVerifyResponse | null>(null);
  const productsQuery = useGetExamProductsQuery(undefined);
  const [verifyExam, { isLoading: checking }] = useVerifyExamMutation();
  const [buyExam, { isLoading: buying }] = useBuyExamMutation();
  const products = productsQuery.currentData?.products ?? [];
  const item = products.find((option) => option.code === product) ?? null;
  const jamb = product !== '' && (item?.needsProfile ?? isJambProduct(product));
  // One JAMB PIN per candidate profile.
  const count = jamb ? 1 : Number(quantity);
  const cost = item ? Math.round(item.amount * count * 100) / 100 : 0;
  // Both JAMB products are one service in the catalogue.
  const paused = usePausedBillsService(
    product === '' ? null : product === 'jamb-utme' || product === 'jamb-de' ? 'jamb' : product,
  );
  const blocked = (jamb && candidate === null) || paused !== null;

  const purchase = useConfirmedPurchase(() => {
    setCandidate(null);
    form.setValues((current) => ({ ...current, quantity: '1', profileId: '', phone: '' }));
  });

  const chooseProduct = (value: string) => {
    setCandidate(null);
    form.clearAlert();
    form.setValues((current) => ({ ...current, product: value, profileId: '' }));
  };

  const verifyRequest = (): TDraft<TExamVerifyRequest> => ({
    product,
    profileId: profileId.trim(),
  });

  const buyRequest = (): TDraft<TBuyExamRequest> => ({
    product,
    quantity: count,
    phone: normalisePhone(phone) ?? phone.trim(),
    ...(jamb ? { quoteId: candidate?.quoteId ?? '' } : {}),
  });

  const onVerify = async () => {
    const body = form.check(validate(ZExamVerifyRequest, verifyRequest()));
    if (!body) return;
    try {
      setCandidate(await verifyExam(body).unwrap());
    } catch (error) {
      const message = errorMessage(error, 'The profile could not be checked. Please try again.');
      toast.error(message);
      form.fail(message, ['profileId']);
    }
  };

  const onBuy = form.handleSubmit(() => {
    if (blocked) {
      form.fail("Verify the candidate's profile before buying a JAMB PIN", ['profileId']);
      return;
    }
    if (!form.check(validate(ZBuyExamRequest, buyRequest()))) return;
    purchase.open();
  });

  const buyNow = async () => {
    const checked = validate(ZBuyExamRequest, buyRequest());
    if (!checked.ok) return;
    const name = item?.name ?? product;
    const message = await purchase.send(checked.data, (arg) => buyExam(arg).unwrap(), {
      product: `${count} × ${name}`,
      ...(candidate ? { customerName: candidate.candidateName } : {}),
    });
    if (message) form.fail(message);
  };

  return (
    <div className="purchase-layout">
      <section className="card purchase-card" aria-labelledby="exam-title">
        <h1 className="card-title" id="exam-title">
          Exam PINs
        </h1>
        <WalletBalance />
        <form className="form" onSubmit={onBuy} noValidate aria-label="Buy exam PINs">
          <PausedNotice message={paused} />
          <FormAlert message={form.alert} id={form.alertId} />
          <SelectField
            label="Exam PIN"
            placeholder={productsQuery.isLoading ? 'Loading...' : 'Select exam PIN'}
            options={products.map((option) => ({
              value: option.code,
              label: `${option.name} - ${formatNairaAmount(option.amount)}`,
            }))}
            {...form.field('product')}
            onChange={(event) => chooseProduct(event.target.value)}
          />
          {jamb ? (
            <>
              <TextField
                label="JAMB profile code"
                inputMode="numeric"
                autoComplete="off"
                maxLength={10}
                {...form.field('profileId')}
                onChange={(event) => {
                  setCandidate(null);
                  form.set('profileId', event.target.value.replace(/\D/g, ''));
                }}
                hint="The candidate's 10-digit profile code from JAMB"
              />
              {candidate ? (
                <div className="validated-box" data-testid="exam-candidate">
                  <TextField
                    label="Candidate"
                    name="candidateName"
                    value={candidate.candidateName}
                    readOnly
                  />
                </div>
              ) : (
                <button
                  type="button"
                  className="btn btn-secondary btn-block"
                  onClick={() => void onVerify()}
                  disabled={checking}
                >
                  {checking ? 'Checking...' : 'Verify profile'}
                </button>
              )}
            </>
          ) : (
            <SelectField label="Quantity" options={QUANTITY_OPTIONS} {...form.field('quantity')} />
          )}
          <TextField
            label="Phone number"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            {...form.field('phone')}
          />
          {item && (
            <p className="charge-line" data-testid="exam-charge">
              <span>
                You pay
                <small>
                  {count} × {formatNairaAmount(item.amount)}
                </small>
              </span>
              <strong>{formatNairaAmount(cost)}</strong>
            </p>
          )}
          <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={blocked}>
            Buy
          </button>
          {blocked && (
            <p className="muted small" data-testid="exam-verify-first">
              Verify the candidate&apos;s profile before buying a JAMB PIN.
            </p>
          )}
        </form>
      </section>

      <aside className="purchase-aside">
        <section className="card" aria-labelledby="exam-help-title">
          <h2 className="card-title" id="exam-help-title">
            How it works
          </h2>
          <ul className="help-list small">
            <li>The PINs show on the receipt as soon as they are delivered, to copy or print.</li>
            <li>They stay in your transactions: open the purchase to see them again.</li>
            <li>A JAMB PIN is tied to one candidate: we check the profile code first.</li>
          </ul>
        </section>
      </aside>

      {purchase.confirming && item && (
        <PurchaseConfirm
          description="Check the details: PINs cannot be returned once delivered."
          rows={[
            ['Exam PIN', item.name],
            ['Quantity', String(count)],
            ...(candidate
              ? ([
                  ['Candidate', candidate.candidateName],
                  ['Profile code', profileId.trim()],
                ] as const)
              : []),
            ['Phone number', buyRequest().phone],
          ]}
          cost={cost}
          priceChange={purchase.priceChange}
          retryMessage={purchase.retryMessage}
          busy={buying}
          onCancel={purchase.close}
          onConfirm={() => void buyNow()}
        />
      )}
    </div>
  );
};
