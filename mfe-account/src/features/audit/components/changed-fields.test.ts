import { describe, expect, it } from 'vitest';
import { changedFields } from './changed-fields';

describe('the audit trail', () => {
  it('compares whole values: a reordered list is a change, an equal one is not', () => {
    expect(changedFields({ faq: [1, 2], n: 1 }, { faq: [2, 1], n: 1 }).map((c) => c.field)).toEqual(['faq']);
    expect(changedFields(null, { id: 1 })).toEqual([{ field: 'id', label: 'ID', before: '(empty)', after: '1' }]);
    expect(changedFields({ role: 'client' }, { role: 'master_admin' })).toEqual([
      { field: 'role', label: 'Role', before: 'Client', after: 'Master admin' },
    ]);
    expect(changedFields({ status: 'new' }, { status: 'contacted' })[0]).toMatchObject({
      label: 'Status',
      after: 'Contacted',
    });
    expect(changedFields({}, { someNewField: 'x' })[0]?.label).toBe('Some new field');
  });
});
