import type { TSiteInfo } from '@vendo/shared/schemas/site';
import { api } from './api';

/** GET /site: footer contact details, the chat link, the top-up page and the funding fees. */
const siteApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSite: build.query<TSiteInfo, undefined>({
      query: () => ({ url: '/site' }),
      extraOptions: { silent: true },
      providesTags: ['Site'],
      // Contact details hardly change; fees can, so a fresh screen asks again after a minute.
      keepUnusedDataFor: 60,
    }),
  }),
});

export const { useGetSiteQuery } = siteApi;
