import { describe, expect, it } from 'vitest';
import { describeFeed } from './calendarFeeds';

describe('describeFeed', () => {
  const classes = [{ id: 'c1', title: 'Pottery 101' }];
  it('names the organization feed, a class feed by its title and a teacher feed', () => {
    expect(describeFeed({ scope: 'organization', classId: null }, classes)).toBe('All classes');
    expect(describeFeed({ scope: 'class', classId: 'c1' }, classes)).toBe('Class: Pottery 101');
    expect(describeFeed({ scope: 'teacher', classId: null }, classes)).toBe("A teacher's own classes");
  });
  it("says 'A class' while the classes load or once the class is gone", () => {
    expect(describeFeed({ scope: 'class', classId: 'c1' }, undefined)).toBe('Class: A class');
    expect(describeFeed({ scope: 'class', classId: 'c2' }, classes)).toBe('Class: A class');
  });
});
