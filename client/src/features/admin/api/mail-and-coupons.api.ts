import type { TSendMailRequest } from '@vendo/shared/schemas/admin';
import type {
  TMailCampaignResponse,
  TMailRecipientsResponse,
} from '@vendo/shared/schemas/admin.responses';
import type { TGenerateCouponRequest } from '@vendo/shared/schemas/funding';
import type {
  TCouponListResponse,
  TGenerateCouponResponse,
} from '@vendo/shared/schemas/funding.responses';
import { api } from '@/lib/api';

/** POST /admin/sendMail with its progress, and coupons: generate and the issued list. */
const mailAndCouponsApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendMail: build.mutation<TMailCampaignResponse, TSendMailRequest>({
      query: (body) => ({ url: '/admin/sendMail', method: 'POST', data: body }),
      extraOptions: { loadingText: 'Sending...' },
    }),
    getMailRecipients: build.query<TMailRecipientsResponse, undefined>({
      query: () => ({ url: '/admin/sendMail/recipients' }),
      // Asked afresh each time the confirmation opens: the count is the one named.
      keepUnusedDataFor: 0,
    }),
    getMailCampaign: build.query<TMailCampaignResponse, number>({
      query: (id) => ({ url: `/admin/sendMail/${id}` }),
      extraOptions: { silent: true },
    }),
    generateCoupon: build.mutation<TGenerateCouponResponse, TGenerateCouponRequest>({
      query: (body) => ({ url: '/admin/generateCoupon', method: 'POST', data: body }),
      extraOptions: { loadingText: 'Generating...' },
      invalidatesTags: ['Coupons'],
    }),
    getCoupons: build.query<TCouponListResponse, { page: number }>({
      query: (params) => ({ url: '/admin/coupons', params }),
      extraOptions: { silent: true },
      providesTags: ['Coupons'],
    }),
  }),
});

export const {
  useSendMailMutation,
  useGetMailCampaignQuery,
  useLazyGetMailRecipientsQuery,
  useGenerateCouponMutation,
  useGetCouponsQuery,
} = mailAndCouponsApi;
