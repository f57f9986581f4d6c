import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@agency/contracts/client';
import { contentPath, type ContentKind } from './get-content';

export const deleteContent = ({ kind, id }: { kind: ContentKind; id: number }) =>
  http.delete(`${contentPath(kind)}/${id}`);

export function useDeleteContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContent,
    onSuccess: (_gone, { kind }) => queryClient.invalidateQueries({ queryKey: ['content', kind] }),
  });
}
