import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@agency/contracts/client';

export const deleteFile = (id: number) => http.delete(`/api/admin/files/${id}`);

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['files'] }),
  });
}
