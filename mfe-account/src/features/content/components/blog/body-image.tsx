import { useId, useState, type ClipboardEvent, type DragEvent, type FormEvent } from 'react';
import { CONTENT_IMAGE_TYPES } from '@agency/contracts';
import { serverErrorText } from '@agency/contracts/client';
import { Dialog, dialogButton } from '../../../../components/dialog';
import { CONTENT_IMAGE_RULE, contentImageProblem, useUploadContentImage } from '../../api/upload-content-image';

const ALT_MAX = 300;

/** Markdown's image: the alt text on one line with its brackets and backslashes escaped, so it cannot end early. */
export const imageMarkdown = (alt: string, url: string) =>
  `![${alt
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\[\]]/g, '\\$&')}](${url})`;

/** The first image among pasted or dropped files, if any. */
const imageOf = (files: FileList | undefined) => [...(files ?? [])].find((f) => f.type.startsWith('image/'));

/**
 * Images in a post's body: chosen with the button, dropped on the body or pasted into it. Each asks for its alt text
 * in a dialog first (what the image shows, for people who cannot see it), then uploads and hands `insert` the
 * Markdown `![alt](/content-images/...)` for the cursor. A refused file is said in words where it was added.
 */
export function useBodyImages(insert: (markdown: string) => void) {
  const upload = useUploadContentImage();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [problem, setProblem] = useState<string>();
  const [altProblem, setAltProblem] = useState<string>();
  const altId = useId();

  const take = (chosen: File | undefined) => {
    if (!chosen) return false;
    const refused = contentImageProblem(chosen);
    if (refused) {
      setProblem(`${refused}.`);
      return true;
    }
    setProblem(undefined);
    setAlt('');
    setAltProblem(undefined);
    setFile(chosen);
    return true;
  };

  async function confirm(event: FormEvent) {
    event.preventDefault();
    // React passes events up its own tree: the post's form (around the body) must not take this submit as its own.
    event.stopPropagation();
    if (!file) return;
    if (alt.trim() === '') return setAltProblem('Describe the image: what it shows, for people who cannot see it.');
    try {
      const { url } = await upload.mutateAsync(file);
      insert(imageMarkdown(alt, url));
      setFile(null);
    } catch (error) {
      setAltProblem(serverErrorText(error, 'The image could not be uploaded. Please try again.'));
    }
  }

  const bodyEvents = {
    onPaste: (event: ClipboardEvent<HTMLTextAreaElement>) => {
      if (take(imageOf(event.clipboardData.files))) event.preventDefault();
    },
    onDragOver: (event: DragEvent<HTMLTextAreaElement>) => {
      if ([...event.dataTransfer.types].includes('Files')) event.preventDefault();
    },
    onDrop: (event: DragEvent<HTMLTextAreaElement>) => {
      if (take(imageOf(event.dataTransfer.files))) event.preventDefault();
    },
  };

  const button = (
    <label className="inline-flex cursor-pointer items-center rounded-lg border border-slate-300 bg-white px-3 py-1 text-sm font-semibold focus-within:ring-2 focus-within:ring-brand-300">
      Add an image to the body
      <input
        type="file"
        accept={CONTENT_IMAGE_TYPES.join(',')}
        className="sr-only"
        onChange={(e) => {
          take(e.currentTarget.files?.[0]);
          e.currentTarget.value = '';
        }}
      />
    </label>
  );

  const dialog = (
    <Dialog open={file !== null} title="Describe the image" onClose={() => setFile(null)}>
      <form onSubmit={(e) => void confirm(e)} noValidate>
        <p className="text-sm text-slate-600">
          {file?.name}: say what it shows, as you would to someone who cannot see it. It goes in the post as the image’s
          alt text.
        </p>
        <label htmlFor={altId} className="mt-3 block text-sm font-medium">
          Alt text *
        </label>
        <input
          id={altId}
          value={alt}
          maxLength={ALT_MAX}
          required
          autoFocus
          aria-invalid={altProblem ? true : undefined}
          aria-describedby={altProblem ? `${altId}-problem` : undefined}
          onChange={(e) => setAlt(e.target.value)}
          className="mt-1 w-full rounded border px-2 py-1"
        />
        {altProblem && (
          <p id={`${altId}-problem`} role="alert" className="mt-1 text-sm text-red-700">
            {altProblem}
          </p>
        )}
        <div className="mt-5 flex justify-end gap-2">
          <button type="button" className={dialogButton.secondary} onClick={() => setFile(null)}>
            Cancel
          </button>
          <button type="submit" className={dialogButton.primary} disabled={upload.isPending}>
            {upload.isPending ? 'Uploading...' : 'Insert image'}
          </button>
        </div>
      </form>
    </Dialog>
  );

  return { bodyEvents, button, dialog, problem, rule: CONTENT_IMAGE_RULE };
}
