import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@agency/contracts/client';

export const deleteReport = (id: number) => http.delete(`/api/admin/reports/${id}`);

export function useDeleteReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reports'] }),
  });
}
