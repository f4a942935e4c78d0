import type { TSupplierListResponse } from '@vendo/shared/schemas/admin.responses';
import type { TSupplierRequest } from '@vendo/shared/schemas/admin';
import type { TMsgResponse } from '@vendo/shared/schemas/common';
import { api } from '@/lib/api';

/** GET and POST /admin/supplier: which supplier serves each network (admins). */
const suppliersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSuppliers: build.query<TSupplierListResponse, undefined>({
      query: () => ({ url: '/admin/supplier' }),
      extraOptions: { silent: true },
      providesTags: ['Suppliers'],
    }),
    setSupplier: build.mutation<TMsgResponse, TSupplierRequest>({
      query: (body) => ({ url: '/admin/supplier', method: 'POST', data: body }),
      extraOptions: { loadingText: 'Saving supplier...' },
      invalidatesTags: ['Suppliers'],
    }),
  }),
});

export const { useGetSuppliersQuery, useSetSupplierMutation } = suppliersApi;
