/** When a clashing session is, as the organization's people read it (its zone): "Tuesday, March 9, 6:00 PM to 7:30 PM". */
export function sessionTime(startsAt: Date, endsAt: Date, zone: string): string {
  const day = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
  const time = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' });
  return `${day.format(startsAt)}, ${time.format(startsAt)} to ${time.format(endsAt)}`;
}

/** The 409 ROOM_CONFLICT message: the room, the other class and its time. */
export const roomConflictText = (room: string, otherClass: string, when: string) =>
  `${room} is already booked for "${otherClass}" on ${when}. Choose another room or time.`;

/** The 409 INSTRUCTOR_CONFLICT message: a warning the admin may override. */
export const instructorConflictText = (instructor: string, otherClass: string, when: string) =>
  `${instructor} already teaches "${otherClass}" on ${when}. Save anyway to book them at both.`;
