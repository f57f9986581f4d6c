import { endpoints } from '@agency/contracts';
import { call } from '@agency/contracts/client';

/** A signed link, valid for a day, that shows the post at its own address to staff only (decision 0063). */
export const getPreviewLink = (id: number) => call(endpoints.blogPostPreviewLink, { params: { id } });
