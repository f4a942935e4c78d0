import type { TSiteInfo } from '@vendo/shared/schemas/site';
import { api } from './api';
import type { TQueryError } from './api-error';
import { takePageData } from './page-data';

/** GET /site: footer contact details, the chat link, the top-up page and the funding fees. */
const siteApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSite: build.query<TSiteInfo, undefined>({
      // The first answer is the one embedded in the page (lib/page-data.ts), when there is one.
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const embedded = takePageData('site');
        if (embedded) return { data: embedded };
        const result = await baseQuery({ url: '/site' });
        return result.error
          ? { error: result.error as TQueryError }
          : { data: result.data as TSiteInfo };
      },
      extraOptions: { silent: true },
      providesTags: ['Site'],
      // Contact details hardly change; fees can, so a fresh screen asks again after a minute.
      keepUnusedDataFor: 60,
    }),
  }),
});

export const { useGetSiteQuery } = siteApi;
