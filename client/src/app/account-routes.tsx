import { Route, Routes } from 'react-router-dom';
import { lazyPage } from '@/lib/lazy-page';
import { RequireRole, RequireSession, SignInPage } from './route-guards';

// The signed-in areas load as one small chunk when first opened, keeping the route table and
// guards out of the landing bundle; each screen is its own chunk on top.
const ProfileLayout = lazyPage(() =>
  import('@/features/profile/components/profile-layout').then((m) => m.ProfileLayout),
);
const DashboardPage = lazyPage(() =>
  import('@/features/profile/components/dashboard-page').then((m) => m.DashboardPage),
);
const AccountPage = lazyPage(() =>
  import('@/features/profile/components/account-page').then((m) => m.AccountPage),
);
// Loaded only when the account page is opened (webhooks: only by an API user).
const WebhookSection = lazyPage(() =>
  import('@/features/developers/components/webhook-section').then((m) => m.WebhookSection),
);
const ApiTokensSection = lazyPage(() =>
  import('@/features/developers/components/api-tokens-section').then((m) => m.ApiTokensSection),
);
const ChangePasswordPage = lazyPage(() =>
  import('@/features/profile/components/change-password-page').then((m) => m.ChangePasswordPage),
);
const BuyDataPage = lazyPage(() =>
  import('@/features/vending/components/buy-data-page').then((m) => m.BuyDataPage),
);
const BuyAirtimePage = lazyPage(() =>
  import('@/features/vending/components/buy-airtime-page').then((m) => m.BuyAirtimePage),
);
const ElectricityPage = lazyPage(() =>
  import('@/features/vending/components/electricity-page').then((m) => m.ElectricityPage),
);
const TvPage = lazyPage(() =>
  import('@/features/vending/components/tv-page').then((m) => m.TvPage),
);
const ExamPage = lazyPage(() =>
  import('@/features/vending/components/exam-page').then((m) => m.ExamPage),
);
const EpinPage = lazyPage(() =>
  import('@/features/vending/components/epin-page').then((m) => m.EpinPage),
);
const EpinPrintPage = lazyPage(() =>
  import('@/features/vending/components/epin-print-page').then((m) => m.EpinPrintPage),
);
const BulkPage = lazyPage(() =>
  import('@/features/vending/components/bulk-page').then((m) => m.BulkPage),
);
const BulkBatchPage = lazyPage(() =>
  import('@/features/vending/components/bulk-batch-page').then((m) => m.BulkBatchPage),
);
const ReceiptPage = lazyPage(() =>
  import('@/features/vending/components/receipt-page').then((m) => m.ReceiptPage),
);
const ContactsPage = lazyPage(() =>
  import('@/features/contacts/components/contacts-page').then((m) => m.ContactsPage),
);
const TransferPage = lazyPage(() =>
  import('@/features/wallet/components/transfer-page').then((m) => m.TransferPage),
);
const CouponPage = lazyPage(() =>
  import('@/features/funding/components/coupon-page').then((m) => m.CouponPage),
);
const EarningsPage = lazyPage(() =>
  import('@/features/wallet/components/earnings-page').then((m) => m.EarningsPage),
);
const FundWalletPage = lazyPage(() =>
  import('@/features/funding/components/fund-wallet-page').then((m) => m.FundWalletPage),
);
const WithdrawPage = lazyPage(() =>
  import('@/features/withdraw/components/withdraw-page').then((m) => m.WithdrawPage),
);
const UpdatePricePage = lazyPage(() =>
  import('@/features/catalogue/components/update-price-page').then((m) => m.UpdatePricePage),
);
const BillsPricesPage = lazyPage(() =>
  import('@/features/catalogue/components/bills-prices-page').then((m) => m.BillsPricesPage),
);
const AdminSettingsPage = lazyPage(() =>
  import('@/features/catalogue/components/admin-settings-page').then((m) => m.AdminSettingsPage),
);
const HistoryPage = lazyPage(() =>
  import('@/features/history/components/history-page').then((m) => m.HistoryPage),
);
const AdminDashboardPage = lazyPage(() =>
  import('@/features/admin/components/admin-dashboard-page').then((m) => m.AdminDashboardPage),
);
const UsersPage = lazyPage(() =>
  import('@/features/admin/components/users-page').then((m) => m.UsersPage),
);
const SendMailPage = lazyPage(() =>
  import('@/features/admin/components/send-mail-page').then((m) => m.SendMailPage),
);
const GenerateCouponPage = lazyPage(() =>
  import('@/features/admin/components/generate-coupon-page').then((m) => m.GenerateCouponPage),
);
const PendingPage = lazyPage(() =>
  import('@/features/admin/components/pending-page').then((m) => m.PendingPage),
);
const AuditPage = lazyPage(() =>
  import('@/features/admin/components/audit-page').then((m) => m.AuditPage),
);
const ReconciliationPage = lazyPage(() =>
  import('@/features/admin/components/reconciliation-page').then((m) => m.ReconciliationPage),
);
const NotFoundPage = lazyPage(() =>
  import('@/features/not-found/components/not-found-page').then((m) => m.NotFoundPage),
);

/** See preloadPage (router.tsx): the account area's first screens, for `path` in lower case. */
export const preloadAccountPage = async (path: string, signedIn: boolean): Promise<void> => {
  if (!signedIn) return SignInPage.preload();
  await Promise.all([ProfileLayout.preload(), path === '/profile' && DashboardPage.preload()]);
};

/**
 * /profile/* (docs/product-rules.md#screens-and-navigation). Paths match case-insensitively
 * (/profile/buyData works too).
 */
export const ProfileRoutes = () => (
  <Routes>
    <Route element={<RequireSession />}>
      <Route element={<ProfileLayout />}>
        <Route index element={<DashboardPage />} />
        <Route
          path="user"
          element={
            <AccountPage>
              <ApiTokensSection />
              <WebhookSection />
            </AccountPage>
          }
        />
        <Route path="changePassword" element={<ChangePasswordPage />} />
        <Route path="buydata" element={<BuyDataPage />} />
        <Route path="buyairtime" element={<BuyAirtimePage />} />
        <Route path="electricity" element={<ElectricityPage />} />
        <Route path="tv" element={<TvPage />} />
        <Route path="exam" element={<ExamPage />} />
        <Route path="epin" element={<EpinPage />} />
        <Route path="epins/:id/print" element={<EpinPrintPage />} />
        <Route path="bulk" element={<BulkPage />} />
        <Route path="bulk/:batchId" element={<BulkBatchPage />} />
        <Route path="receipt/:id" element={<ReceiptPage />} />
        <Route path="contacts" element={<ContactsPage />} />
        <Route path="transfer" element={<TransferPage />} />
        <Route path="fundWallet/coupon" element={<CouponPage />} />
        <Route path="earnings" element={<EarningsPage />} />
        <Route path="fundWallet" element={<FundWalletPage />} />
        <Route path="withdraw" element={<WithdrawPage />} />
        <Route path="transactions" element={<HistoryPage />} />
        <Route element={<RequireRole role="admin" />}>
          <Route path="adminSettings" element={<AdminSettingsPage />} />
        </Route>
        <Route element={<RequireRole role="staff" />}>
          <Route path="updatePrice" element={<UpdatePricePage />} />
          <Route path="billsPrices" element={<BillsPricesPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Route>
  </Routes>
);

/**
 * /admin/*: admins only, except the user list and the pending queue, which agents may
 * open too, and coupons, which coupon vendors may issue.
 */
export const AdminRoutes = () => (
  <Routes>
    <Route element={<RequireSession />}>
      <Route element={<ProfileLayout />}>
        <Route element={<RequireRole role="admin" />}>
          <Route index element={<AdminDashboardPage />} />
          <Route path="transactions" element={<HistoryPage />} />
          <Route path="sendmail" element={<SendMailPage />} />
          <Route path="audit" element={<AuditPage />} />
          <Route path="reconciliation" element={<ReconciliationPage />} />
        </Route>
        <Route element={<RequireRole role="couponVendor" />}>
          <Route path="generateCoupon" element={<GenerateCouponPage />} />
        </Route>
        <Route element={<RequireRole role="staff" />}>
          <Route path="users" element={<UsersPage />} />
          <Route path="pending" element={<PendingPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Route>
  </Routes>
);
