import type { TServiceListResponse } from '@vendo/shared/schemas/admin.responses';
import type { TServiceStatusRequest } from '@vendo/shared/schemas/admin';
import type { TMsgResponse } from '@vendo/shared/schemas/common';
import { api } from '@/lib/api';

/** GET /admin/checkServices and POST /admin/updateServices: lock or unlock a service (admins). */
const servicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getServices: build.query<TServiceListResponse, undefined>({
      query: () => ({ url: '/admin/checkServices' }),
      // A failed fetch is silent; the section says it could not load.
      extraOptions: { silent: true },
      providesTags: ['Services'],
    }),
    updateService: build.mutation<TMsgResponse, TServiceStatusRequest>({
      query: (body) => ({ url: '/admin/updateServices', method: 'POST', data: body }),
      extraOptions: { loadingText: 'Updating service...' },
      invalidatesTags: ['Services'],
    }),
  }),
});

export const { useGetServicesQuery, useUpdateServiceMutation } = servicesApi;
