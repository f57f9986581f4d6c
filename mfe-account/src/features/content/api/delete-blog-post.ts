import { endpoints } from '@agency/contracts';
import { call } from '@agency/contracts/client';
import { useInvalidatingMutation } from '../../../lib/query-client';

export const deleteBlogPost = (id: number) => call(endpoints.deleteBlogPost, { params: { id } });

export const useDeleteBlogPost = () => useInvalidatingMutation(deleteBlogPost, ['content']);
