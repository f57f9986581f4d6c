import { useWatch } from 'react-hook-form';
import { isContentImageUrl } from '@agency/contracts';
import { TextField } from '@agency/contracts/ui';
import { ImageUpload } from '../image-upload';
import type { PostField, PostForm } from './post-form-types';

/** A post's cover: uploaded (which fills its URL), shown as a thumbnail, and described by its alt text. */
export function CoverFields({ form: { setValue, control }, field }: { form: PostForm; field: PostField }) {
  const url = useWatch({ control, name: 'imageUrl' }).trim();
  // The server asks for alt text only with a cover: a post without one has nothing to describe.
  const hasCover = url !== '';
  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:col-span-2 sm:grid-cols-[10rem_1fr]">
      <legend className="px-1 text-sm font-semibold">Cover image</legend>
      {/* Only an uploaded image is shown: a typed URL elsewhere is not fetched from the dashboard. */}
      {isContentImageUrl(url) ? (
        <img src={url} alt="Cover preview" className="h-28 w-40 rounded object-cover" />
      ) : (
        <span className="flex h-28 w-40 items-center justify-center rounded bg-slate-100 text-xs text-slate-600">
          No cover
        </span>
      )}
      <div className="grid gap-3">
        <ImageUpload
          label="Upload cover image"
          onUploaded={(uploaded) => setValue('imageUrl', uploaded, { shouldDirty: true })}
        />
        <TextField
          label="Cover image URL"
          hint="Filled in by the upload; leave empty for no cover."
          {...field('imageUrl')}
        />
        <TextField
          label="Cover alt text"
          required={hasCover}
          hint="What the cover shows, for readers who cannot see it. Needed only with a cover."
          {...field('imageAlt')}
        />
      </div>
    </fieldset>
  );
}
