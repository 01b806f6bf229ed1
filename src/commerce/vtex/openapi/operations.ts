/**
 * The operations of VTEX's published OpenAPI schemas (vtex/openapi-schemas)
 * that the VTEX backend calls, by the file that publishes them.
 * scripts/vtex-openapi.ts copies exactly these, unchanged, into this folder.
 */
export interface VendoredOperation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: string
}

export const VENDORED_OPERATIONS: Readonly<Record<string, readonly VendoredOperation[]>> = {
  'VTEX - Catalog API.json': [
    { method: 'GET', path: '/api/catalog_system/pub/category/tree/{categoryLevels}' },
    { method: 'GET', path: '/api/catalog_system/pvt/brand/list' },
    { method: 'GET', path: '/api/catalog_system/pvt/sku/stockkeepingunitbyid/{skuId}' },
    { method: 'GET', path: '/api/catalog_system/pvt/products/GetProductAndSkuIds' },
  ],
  'VTEX - Intelligent Search API.json': [
    { method: 'GET', path: '/product_search/{facets}' },
    { method: 'GET', path: '/facets/{facets}' },
    { method: 'GET', path: '/autocomplete_suggestions' },
    { method: 'GET', path: '/search_suggestions' },
    { method: 'GET', path: '/correction_search' },
  ],
  'VTEX - Checkout API.json': [
    { method: 'GET', path: '/api/checkout/pub/orderForm' },
    { method: 'GET', path: '/api/checkout/pub/orderForm/{orderFormId}' },
    { method: 'POST', path: '/api/checkout/pub/orderForm/{orderFormId}/items' },
    { method: 'PATCH', path: '/api/checkout/pub/orderForm/{orderFormId}/items' },
    { method: 'POST', path: '/api/checkout/pub/orderForm/{orderFormId}/items/update' },
    { method: 'POST', path: '/api/checkout/pub/orderForm/{orderFormId}/attachments/shippingData' },
    { method: 'POST', path: '/api/checkout/pub/orderForm/{orderFormId}/messages/clear' },
    { method: 'GET', path: '/api/checkout/pub/pickup-points' },
    { method: 'GET', path: '/api/checkout/pub/postal-code/{countryCode}/{postalCode}' },
  ],
  'VTEX - Logistics API.json': [
    { method: 'GET', path: '/api/logistics/pvt/configuration/pickuppoints' },
    { method: 'GET', path: '/api/logistics/pvt/configuration/pickuppoints/{pickupPointId}' },
    { method: 'GET', path: '/api/logistics/pvt/inventory/skus/{skuId}' },
  ],
  'VTEX - Master Data API - v2.json': [
    { method: 'POST', path: '/api/dataentities/{dataEntityName}/documents' },
    { method: 'PATCH', path: '/api/dataentities/{dataEntityName}/documents' },
    { method: 'GET', path: '/api/dataentities/{dataEntityName}/documents/{id}' },
    { method: 'DELETE', path: '/api/dataentities/{dataEntityName}/documents/{id}' },
    { method: 'GET', path: '/api/dataentities/{dataEntityName}/search' },
    { method: 'PUT', path: '/api/dataentities/{dataEntityName}/schemas/{schemaName}' },
  ],
  'VTEX - Session Manager API.json': [{ method: 'GET', path: '/api/sessions' }],
  'VTEX - Profile System.json': [
    { method: 'GET', path: '/api/storage/profile-system/profiles/{profileId}' },
    { method: 'GET', path: '/api/storage/profile-system/profiles/{profileId}/addresses' },
  ],
  'VTEX - Orders API.json': [{ method: 'GET', path: '/api/oms/pvt/orders/{orderId}' }],
  'VTEX - Pricing API.json': [{ method: 'GET', path: '/pricing/prices/{itemId}/fixed/{priceTableId}' }],
}
