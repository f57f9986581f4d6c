import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ClipboardEvent, type DragEvent } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { CONTENT_IMAGE_TYPES } from '@agency/contracts';
import { serverErrorText } from '@agency/contracts/client';
import { fieldsOf, FormAlert, SubmitButton, TextField } from '@agency/contracts/ui';
import { Dialog, dialogButton } from '../../../../components/dialog';
import { CONTENT_IMAGE_RULE, contentImageProblem, useUploadContentImage } from '../../api/upload-content-image';

const ALT_MAX = 300;
/** The alt text goes into the post's Markdown, not to the server on its own: this form's schema is its own. */
const AltSchema = z.object({
  alt: z
    .string()
    .trim()
    .min(1, { error: 'Describe the image: what it shows, for people who cannot see it.' })
    .max(ALT_MAX, { error: `The alt text can be at most ${ALT_MAX} characters.` }),
});

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
  const [problem, setProblem] = useState<string>();
  const form = useForm<{ alt: string }>({ resolver: zodResolver(AltSchema), defaultValues: { alt: '' } });

  const take = (chosen: File | undefined) => {
    if (!chosen) return false;
    const refused = contentImageProblem(chosen);
    if (refused) {
      setProblem(`${refused}.`);
      return true;
    }
    setProblem(undefined);
    form.reset();
    setFile(chosen);
    return true;
  };

  const confirm = form.handleSubmit(async ({ alt }) => {
    if (!file) return;
    try {
      const { url } = await upload.mutateAsync(file);
      insert(imageMarkdown(alt, url));
      setFile(null);
    } catch (error) {
      form.setError('root.server', {
        message: serverErrorText(error, 'The image could not be uploaded. Please try again.'),
      });
    }
  });

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
      <form
        noValidate
        onSubmit={(event) => {
          // React passes events up its own tree: the post's form (around the body) must not take this as its own.
          event.stopPropagation();
          void confirm(event);
        }}
      >
        <p className="text-sm text-slate-600">
          {file?.name}: say what it shows, as you would to someone who cannot see it. It goes in the post as the image’s
          alt text.
        </p>
        <TextField
          label="Alt text"
          required
          maxLength={ALT_MAX}
          autoFocus
          look="compact"
          className="mt-3"
          {...fieldsOf(form, { clearOnEdit: true })('alt')}
        />
        <FormAlert className="mt-3">{form.formState.errors.root?.server?.message}</FormAlert>
        <div className="mt-5 flex justify-end gap-2">
          <button type="button" className={dialogButton.secondary} onClick={() => setFile(null)}>
            Cancel
          </button>
          <SubmitButton
            pending={form.formState.isSubmitting}
            pendingLabel="Uploading..."
            className={dialogButton.primary}
          >
            Insert image
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );

  return { bodyEvents, button, dialog, problem, rule: CONTENT_IMAGE_RULE };
}
