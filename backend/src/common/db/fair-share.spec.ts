import { describe, expect, it } from '@jest/globals';
import { fairShare, waitingOrganizationsSql } from './fair-share';

describe('fairShare', () => {
  it('should split a batch evenly between the waiting organizations, rounding up', () => {
    expect(fairShare(['a', 'b'], 100)).toEqual({ organizationIds: ['a', 'b'], perOrganization: 50 });
    expect(fairShare(['a', 'b', 'c'], 100)).toEqual({ organizationIds: ['a', 'b', 'c'], perOrganization: 34 });
  });

  it('should serve at most `limit` organizations a batch, the longest waiting first, one row each', () => {
    expect(fairShare(['a', 'b', 'c', 'd'], 2)).toEqual({ organizationIds: ['a', 'b'], perOrganization: 1 });
  });

  it('should give a lone organization the whole batch and nobody anything when nothing waits', () => {
    expect(fairShare(['a'], 100)).toEqual({ organizationIds: ['a'], perOrganization: 100 });
    expect(fairShare([], 100)).toEqual({ organizationIds: [], perOrganization: 0 });
  });

  it("should put the due condition on every alias of the skip scan's statement", () => {
    const sql = waitingOrganizationsSql('t', (x) => `${x}.due <= now()`, 'due');
    for (const alias of ['a', 'x', 'y']) expect(sql).toContain(`${alias}.due <= now()`);
    expect(sql).toContain('min(y.due)');
  });
});
