import type {
  TBillsCatalogueResponse,
  TBillsPriceRequest,
  TBillsProductRequest,
  TBillsProductSavedResponse,
  TBillsProductUpdateRequest,
  TBillsServiceStatusRequest,
  TBillsSupplierRequest,
} from '@vendo/shared/schemas/bills-admin';
import type { TMsgResponse } from '@vendo/shared/schemas/common';
import { api } from '@/lib/api';

/**
 * The cable and exam catalogue of the back office (/admin/bills*): one query, every change
 * refreshes it. Admins and agents list and change tier prices; the rest is for admins.
 */
const billsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBillsCatalogue: build.query<TBillsCatalogueResponse, undefined>({
      query: () => ({ url: '/admin/bills' }),
      // A failed fetch is silent; the screen says it could not load.
      extraOptions: { silent: true },
      providesTags: ['BillsCatalogue'],
    }),
    addBillsProduct: build.mutation<TBillsProductSavedResponse, TBillsProductRequest>({
      query: (body) => ({ url: '/admin/bills/products', method: 'POST', data: body }),
      extraOptions: { loadingText: 'Adding bouquet...' },
      invalidatesTags: ['BillsCatalogue'],
    }),
    updateBillsProduct: build.mutation<
      TBillsProductSavedResponse,
      { id: string; body: TBillsProductUpdateRequest }
    >({
      query: ({ id, body }) => ({
        url: `/admin/bills/products/${id}`,
        method: 'PATCH',
        data: body,
      }),
      extraOptions: { loadingText: 'Saving...' },
      invalidatesTags: ['BillsCatalogue'],
    }),
    priceBillsProduct: build.mutation<
      TBillsProductSavedResponse,
      { id: string; body: TBillsPriceRequest }
    >({
      query: ({ id, body }) => ({
        url: `/admin/bills/products/${id}/price`,
        method: 'POST',
        data: body,
      }),
      extraOptions: { loadingText: 'Updating price...' },
      invalidatesTags: ['BillsCatalogue'],
    }),
    deleteBillsProduct: build.mutation<TMsgResponse, string>({
      query: (id) => ({ url: `/admin/bills/products/${id}`, method: 'DELETE' }),
      extraOptions: { loadingText: 'Deleting...' },
      invalidatesTags: ['BillsCatalogue'],
    }),
    setBillsServiceStatus: build.mutation<TMsgResponse, TBillsServiceStatusRequest>({
      query: (body) => ({ url: '/admin/bills/serviceStatus', method: 'POST', data: body }),
      extraOptions: { loadingText: 'Updating service...' },
      invalidatesTags: ['BillsCatalogue'],
    }),
    setBillsSupplier: build.mutation<TMsgResponse, TBillsSupplierRequest>({
      query: (body) => ({ url: '/admin/bills/supplier', method: 'POST', data: body }),
      extraOptions: { loadingText: 'Saving supplier...' },
      invalidatesTags: ['BillsCatalogue'],
    }),
  }),
});

export const {
  useGetBillsCatalogueQuery,
  useAddBillsProductMutation,
  useUpdateBillsProductMutation,
  usePriceBillsProductMutation,
  useDeleteBillsProductMutation,
  useSetBillsServiceStatusMutation,
  useSetBillsSupplierMutation,
} = billsApi;
