import type {
  TAdminDashboardResponse,
  TAlertsResponse,
  TPendingPurchasesResponse,
  TSalesChartResponse,
} from '@vendo/shared/schemas/admin.responses';
import type { TMsgResponse } from '@vendo/shared/schemas/common';
import { api } from '@/lib/api';

/**
 * The admin dashboard's calls: GET /admin/ (figures), /admin/salesChart, the alerts with their
 * acknowledgement, and the stuck-purchase queue (GET /admin/pending).
 */
const adminDashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminDashboard: build.query<TAdminDashboardResponse, undefined>({
      query: () => ({ url: '/admin/' }),
      // A failed admin fetch (docs/product-rules.md#messages) goes to /profile; the page does that,
      // without a toast.
      extraOptions: { silent: true },
      providesTags: ['AdminDashboard'],
    }),
    getSalesChart: build.query<TSalesChartResponse, { days: number }>({
      query: (params) => ({ url: '/admin/salesChart', params }),
      extraOptions: { silent: true },
      providesTags: ['AdminDashboard'],
    }),
    getAlerts: build.query<TAlertsResponse, { open?: boolean }>({
      query: ({ open }) => ({ url: '/admin/alerts', params: open ? { open: 'true' } : {} }),
      extraOptions: { silent: true },
      providesTags: ['Alerts'],
    }),
    acknowledgeAlert: build.mutation<TMsgResponse, number>({
      query: (id) => ({ url: `/admin/alerts/${id}/acknowledge`, method: 'POST' }),
      extraOptions: { loadingText: 'Acknowledging...' },
      invalidatesTags: ['Alerts', 'AdminDashboard'],
    }),
    getPendingPurchases: build.query<TPendingPurchasesResponse, undefined>({
      query: () => ({ url: '/admin/pending' }),
      extraOptions: { silent: true },
      providesTags: ['Transactions'],
    }),
  }),
});

export const {
  useGetAdminDashboardQuery,
  useGetSalesChartQuery,
  useGetAlertsQuery,
  useAcknowledgeAlertMutation,
  useGetPendingPurchasesQuery,
} = adminDashboardApi;
