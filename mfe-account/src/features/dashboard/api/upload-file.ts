import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@agency/contracts/client';

/** Staff put a file in a client's files; the body is the file itself, its name in the query. */
export const uploadFile = ({ clientId, file }: { clientId: number; file: File }) =>
  http.post(`/api/admin/clients/${clientId}/files?name=${encodeURIComponent(file.name)}`, file);

export function useUploadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['files'] }),
  });
}
