import { useState } from 'react';
import { isContentImageUrl } from '@agency/contracts';
import { compactInputClass, Field } from '../../../../components/field';
import { ImageUpload } from '../image-upload';

/** A post's cover: uploaded (which fills its URL), shown as a thumbnail, and described by its alt text. */
export function CoverFields({
  url: initialUrl,
  alt,
  errors,
}: {
  url: string | null;
  alt: string;
  errors: Readonly<Record<string, string>>;
}) {
  const [url, setUrl] = useState(initialUrl ?? '');
  // The server asks for alt text only with a cover: a post without one has nothing to describe.
  const hasCover = url.trim() !== '';
  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:col-span-2 sm:grid-cols-[10rem_1fr]">
      <legend className="px-1 text-sm font-semibold">Cover image</legend>
      {/* Only an uploaded image is shown: a typed URL elsewhere is not fetched from the dashboard. */}
      {isContentImageUrl(url.trim()) ? (
        <img src={url.trim()} alt="Cover preview" className="h-28 w-40 rounded object-cover" />
      ) : (
        <span className="flex h-28 w-40 items-center justify-center rounded bg-slate-100 text-xs text-slate-600">
          No cover
        </span>
      )}
      <div className="grid gap-3">
        <ImageUpload label="Upload cover image" onUploaded={setUrl} />
        <Field
          label="Cover image URL"
          name="imageUrl"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          required={false}
          hint="Filled in by the upload; leave empty for no cover."
          error={errors.imageUrl}
          className={compactInputClass}
        />
        <Field
          label={hasCover ? 'Cover alt text *' : 'Cover alt text'}
          name="imageAlt"
          defaultValue={alt}
          required={hasCover}
          hint="What the cover shows, for readers who cannot see it. Needed only with a cover."
          error={errors.imageAlt}
          className={compactInputClass}
        />
      </div>
    </fieldset>
  );
}
