import { LIMITS } from '@agency/contracts';
import { AudioUpload } from './components/audio-upload';
import { ContentEditor } from './components/content-editor';
import type { FieldDef } from './components/content-fields';

const PACKAGE_FIELDS: readonly FieldDef[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true },
  { name: 'type', label: 'Type (e.g. website, seo)', kind: 'text', required: true },
  { name: 'price', label: 'Price as shown (e.g. $1,198)', kind: 'text', required: true },
  { name: 'buttonText', label: 'Button text', kind: 'text', required: true, initial: 'Get Started' },
  { name: 'description', label: 'Description', kind: 'textarea', max: LIMITS.text },
  { name: 'features', label: 'Features', kind: 'lines' },
  {
    name: 'imagePath',
    label: 'Image path',
    kind: 'image',
    hint: 'Shown at the top of the package’s card on /services. Its name is right under it, so it needs no alt text.',
  },
  { name: 'sortOrder', label: 'Sort order', kind: 'number', initial: '0' },
  { name: 'isPopular', label: 'Mark as popular', kind: 'checkbox' },
  { name: 'isActive', label: 'Active (shown on the site)', kind: 'checkbox' },
];

const STUDY_FIELDS: readonly FieldDef[] = [
  { name: 'title', label: 'Title', kind: 'text', required: true },
  {
    name: 'slug',
    label: 'Slug',
    kind: 'slug',
    hint: 'Its page is /case-studies/<slug>. Leave empty to make it from the title.',
  },
  { name: 'category', label: 'Category', kind: 'text' },
  { name: 'scenario', label: 'Scenario', kind: 'textarea', max: LIMITS.text },
  { name: 'challenges', label: 'Challenges', kind: 'lines' },
  { name: 'strategies', label: 'Strategies', kind: 'lines' },
  { name: 'results', label: 'Results', kind: 'lines' },
  { name: 'conclusion', label: 'Conclusion', kind: 'textarea', max: LIMITS.text },
  { name: 'imagePath', label: 'Image path', kind: 'image' },
  {
    name: 'imageAlt',
    label: 'Image alt text',
    kind: 'alt',
    hint: 'What the image shows, for people who cannot see it. Required with an image.',
  },
  { name: 'sortOrder', label: 'Sort order', kind: 'number', initial: '0' },
  { name: 'isActive', label: 'Active (shown on the site)', kind: 'checkbox' },
];

const EDITORS = [
  {
    id: 'packages',
    heading: 'Service packages',
    kind: 'service-packages',
    noun: 'Service package',
    titleKey: 'name',
    fields: PACKAGE_FIELDS,
  },
  {
    id: 'studies',
    heading: 'Case studies',
    kind: 'case-studies',
    noun: 'Case study',
    titleKey: 'title',
    fields: STUDY_FIELDS,
  },
] as const;

/** Staff manage the service packages and case studies of the spec's entities. */
export function ContentPanel() {
  return (
    <div className="grid gap-10 xl:grid-cols-2">
      {EDITORS.map(({ id, heading, ...editor }) => (
        <section key={id} aria-labelledby={`${id}-heading`}>
          <h2 id={`${id}-heading`} className="mb-4 text-xl font-bold">
            {heading}
          </h2>
          <ContentEditor {...editor} />
        </section>
      ))}
      <AudioUpload />
    </div>
  );
}
