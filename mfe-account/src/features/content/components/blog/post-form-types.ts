import type { Control, UseFormReturn } from 'react-hook-form';
import type { BlogPostInput } from '@agency/contracts';
import type { fieldsOf } from '@agency/contracts/ui';

// The post form's types, apart from the form: its parts (cover, FAQ, body) take them without importing the form.

/** A post as its form holds it: the cover's URL as typed, the publish date as the date-time box shows it. */
export type PostValues = Omit<BlogPostInput, 'imageUrl' | 'publishedAt'> & { imageUrl: string; publishedAt: string };
export type PostControl = Control<PostValues, unknown, BlogPostInput>;
export type PostForm = UseFormReturn<PostValues, unknown, BlogPostInput>;
/** A field's frame and registration in the post form (its `fieldsOf`). */
export type PostField = ReturnType<typeof fieldsOf<PostValues, BlogPostInput>>;
