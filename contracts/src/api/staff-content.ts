import {
  adminCaseStudies,
  adminServicePackages,
  createCaseStudy,
  createServicePackage,
  deleteCaseStudy,
  deleteServicePackage,
  replaceCaseStudy,
  replaceServicePackage,
} from './content-admin';

/**
 * The two kinds of content staff edit as one list with a form (service packages, case studies), each with its four
 * endpoints: the dashboard's content panel and the gateway's routes for them are each written once for both.
 */
export const STAFF_CONTENT = {
  'service-packages': {
    list: adminServicePackages,
    create: createServicePackage,
    replace: replaceServicePackage,
    remove: deleteServicePackage,
  },
  'case-studies': {
    list: adminCaseStudies,
    create: createCaseStudy,
    replace: replaceCaseStudy,
    remove: deleteCaseStudy,
  },
} as const;
export type StaffContentKind = keyof typeof STAFF_CONTENT;
