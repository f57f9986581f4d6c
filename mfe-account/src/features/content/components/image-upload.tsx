import { useState, type ChangeEvent } from 'react';
import { CONTENT_IMAGE_TYPES } from '@agency/contracts';
import { serverErrorText, useHost } from '@agency/contracts/client';
import { FieldFrame } from '@agency/contracts/ui';
import { CONTENT_IMAGE_RULE, contentImageProblem, useUploadContentImage } from '../api/upload-content-image';

/**
 * Uploads the chosen image at once (after the browser's own check of its type and size) and hands its URL to the
 * field it fills; a refused one is said under the control, in the server's words when it answered.
 */
export function ImageUpload({
  label = 'Upload image',
  onUploaded,
}: {
  label?: string;
  onUploaded: (url: string) => void;
}) {
  const { toast } = useHost();
  const upload = useUploadContentImage();
  const [problem, setProblem] = useState<string>();
  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared so choosing the same file again (after fixing something) uploads it again.
    input.value = '';
    if (!file) return;
    const refused = contentImageProblem(file);
    if (refused) return setProblem(refused);
    try {
      const { url } = await upload.mutateAsync(file);
      setProblem(undefined);
      onUploaded(url);
      toast({ title: 'Image uploaded', description: file.name });
    } catch (error) {
      setProblem(serverErrorText(error, 'Could not upload the image'));
    }
  }
  // It acts as soon as a file is chosen, with no submit to point at its problem: the frame announces it.
  return (
    <FieldFrame label={label} hint={CONTENT_IMAGE_RULE} error={problem}>
      {(control) => (
        <>
          <input
            {...control}
            type="file"
            accept={CONTENT_IMAGE_TYPES.join(',')}
            disabled={upload.isPending}
            onChange={(e) => void choose(e)}
            className="mt-1 block w-full text-sm disabled:opacity-60"
          />
          {upload.isPending && (
            <span role="status" className="mt-1 block text-sm text-slate-600">
              Uploading...
            </span>
          )}
        </>
      )}
    </FieldFrame>
  );
}
