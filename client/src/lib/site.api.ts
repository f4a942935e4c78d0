import { api } from './api';

/** Public site configuration: footer contact details and the chat link (GET /site). */
export type TSiteConfig = {
  appName: string;
  officeAddress: string;
  phone: string;
  emails: string[];
  chatUrl: string;
  topUpUrl: string;
};

const siteApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSite: build.query<TSiteConfig, undefined>({
      query: () => ({ url: '/site' }),
      extraOptions: { silent: true },
      providesTags: ['Site'],
      // Configuration hardly changes; keep it for the whole visit.
      keepUnusedDataFor: 60 * 60,
    }),
  }),
});

export const { useGetSiteQuery } = siteApi;
