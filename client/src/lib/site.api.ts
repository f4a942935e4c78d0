import { api } from './api';

/** Public site configuration: footer contact details and the chat link (GET /site). */
export type TSiteConfig = {
  appName: string;
  officeAddress: string;
  phone: string;
  emails: string[];
  chatUrl: string;
  topUpUrl: string;
  /** Current funding fees in percent (admin settings); absent from older servers. */
  fees?: { fundPagePercent: number; accountCardPercent: number };
};

const siteApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSite: build.query<TSiteConfig, undefined>({
      query: () => ({ url: '/site' }),
      extraOptions: { silent: true },
      providesTags: ['Site'],
      // Contact details hardly change; fees can, so a fresh screen asks again after a minute.
      keepUnusedDataFor: 60,
    }),
  }),
});

export const { useGetSiteQuery } = siteApi;
