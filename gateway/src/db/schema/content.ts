import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { integer } from 'drizzle-orm/sqlite-core';
import { bool, id } from './columns';

export const servicePackages = sqliteTable('service_packages', {
  id: id(),
  type: text('type').notNull(),
  name: text('name').notNull(),
  description: text('description'),
  price: text('price').notNull(),
  features: text('features', { mode: 'json' }).$type<string[]>().notNull().default([]),
  isPopular: bool('isPopular').notNull().default(false),
  imagePath: text('imagePath'),
  buttonText: text('buttonText').notNull().default('Get Started'),
  sortOrder: integer('sortOrder').notNull().default(0),
  /** Not in the spec's list; admins hide a package without deleting it, as with case studies. */
  isActive: bool('isActive').notNull().default(true),
});

export const caseStudies = sqliteTable('case_studies', {
  id: id(),
  title: text('title').notNull(),
  category: text('category'),
  scenario: text('scenario'),
  challenges: text('challenges', { mode: 'json' }).$type<string[]>().notNull().default([]),
  strategies: text('strategies', { mode: 'json' }).$type<unknown>(),
  results: text('results', { mode: 'json' }).$type<unknown>(),
  imagePath: text('imagePath'),
  conclusion: text('conclusion'),
  sortOrder: integer('sortOrder').notNull().default(0),
  isActive: bool('isActive').notNull().default(true),
});
