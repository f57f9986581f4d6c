export * from './endpoint';
export * as endpoints from './endpoints';
export { STAFF_CONTENT, type StaffContentKind } from './staff-content';
export { pageDataRequest, pageDataUrl, type PageDataOf, type PageDataRequest } from './page-data-calls';
