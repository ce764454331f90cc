// The roll of one session: each student's attendance and payment controls, and the totals above them.
import { Box, Chip, Paper, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { formatMoney } from '@/common/format';
import type { SessionRollEntry, TeacherSession as Session } from '@/providers/types';
import { nextAttended } from '@/teacher-dashboard/attendanceUtils';
import type { QueueSnapshot, WriteQueue } from '@/teacher-session/writeQueue';
import { keys, type AttendanceWrite, type PaymentWrite, type WalkInWrite } from '@/teacher-session/sessionWrites';
import { rowState, TOUCH, wanted } from '@/teacher-session/sessionView';
import { formatPhone } from '@/resources/students/studentUtils';

const name = (r: { firstName: string; lastName: string }) => `${r.firstName} ${r.lastName}`;

/** The totals and the roll; a tap shows at once (the write queue's payload) and the row says whether it was saved. */
export function SessionRoll({ session: s, snap, queue }: { session: Session; snap: QueueSnapshot; queue: WriteQueue }) {
  const rows = s.roll.map((r) => {
    const att = snap.byKey[keys.attendance(s.classId, s.sessionIndex, r.studentId)];
    const pay = snap.byKey[keys.payment(s.classId, r.studentId)];
    const a = wanted<AttendanceWrite>(att);
    const p = wanted<PaymentWrite>(pay);
    const attendance: SessionRollEntry['attendance'] = a ? (a.attended ? 'present' : 'absent') : r.attendance;
    const paid = p ? p.paid : r.paymentStatus === 'completed';
    return { r, attendance, paid, state: rowState([att, pay], snap.offline) };
  });
  // Walk-ins still on their way: shown on the roll at once, without controls until the server has them.
  const known = new Set(s.roll.map((r) => r.email.toLowerCase()));
  const arriving = Object.entries(snap.byKey)
    .filter(([k, st]) => k.startsWith(`walk:${s.classId}:`) && (st.state === 'pending' || st.state === 'sending'))
    .map(([k, st]) => ({ key: k, body: (st.payload as WalkInWrite).body }))
    .filter((w) => !known.has(w.body.email.toLowerCase()));

  const present = rows.filter((x) => x.attendance === 'present').length;
  const paidCount = rows.filter((x) => x.paid).length;
  const toCollect = rows.filter((x) => !x.paid).reduce((sum, x) => sum + x.r.amountDue, 0);

  const mark = (r: SessionRollEntry, current: SessionRollEntry['attendance'], clicked: boolean) => {
    const attended = nextAttended(current === null ? undefined : current === 'present', clicked);
    queue.enqueue<AttendanceWrite>({
      key: keys.attendance(s.classId, s.sessionIndex, r.studentId),
      kind: 'attendance',
      payload: { classId: s.classId, sessionIndex: s.sessionIndex, sessionDate: s.startsAt, studentId: r.studentId, attended },
      label: `${name(r)}: ${attended ? 'present' : 'absent'}`,
    });
  };
  const setPaid = (r: SessionRollEntry, paid: boolean) =>
    queue.enqueue<PaymentWrite>({
      key: keys.payment(s.classId, r.studentId),
      kind: 'payment',
      payload: { classId: s.classId, studentId: r.studentId, paid },
      label: `${name(r)}: ${paid ? `paid ${formatMoney(r.amountDue)}` : 'unpaid'}`,
    });

  return (
    <>
      <Box component="section" aria-label="Session totals" sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1 }}>
        <Total label="Present" value={`${present} / ${rows.length}`} />
        <Total label="Paid" value={`${paidCount} / ${rows.length}`} />
        <Total label="To collect" value={formatMoney(toCollect)} />
      </Box>
      <Paper variant="outlined" component="section" aria-labelledby="roll-heading" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Typography id="roll-heading" variant="h6" component="h2" gutterBottom>
          Roll ({rows.length})
        </Typography>
        {rows.length === 0 && arriving.length === 0 ? (
          <Typography color="text.secondary">No students enrolled yet.</Typography>
        ) : (
          <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}>
            {rows.map(({ r, attendance, paid, state }) => {
              const card = r.paymentStatus === 'completed' && r.paymentMethod === 'card';
              return (
                <Box component="li" key={r.studentId} sx={{ py: 1.5 }}>
                  <Box role="group" aria-label={name(r)}>
                    <Stack direction="row" justifyContent="space-between" alignItems="baseline" spacing={1}>
                      <Typography fontWeight={700}>
                        {name(r)}
                        {/* Registered for this session only (issue 39 §3): not expected next week. */}
                        {r.dropIn && <Chip size="small" variant="outlined" color="info" label="Drop-in" sx={{ ml: 1 }} />}
                      </Typography>
                      {state && (
                        <Typography
                          variant="caption"
                          color={state.tone === 'error' ? 'error' : state.tone === 'ok' ? 'success.dark' : 'text.secondary'}
                          data-testid="row-state"
                        >
                          {state.text}
                        </Typography>
                      )}
                    </Stack>
                    <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                      {r.email} · {formatPhone(r.phone)}
                    </Typography>
                    {r.householdContact && (
                      <Typography variant="body2" color="text.secondary">
                        Household contact: {r.householdContact.firstName} {r.householdContact.lastName}
                      </Typography>
                    )}
                    {/* What matters for safety: the answers the organization shows teachers, and a waiver not signed. */}
                    {r.answers?.map((a) => (
                      <Typography key={a.questionId} variant="body2" sx={{ color: 'warning.dark', fontWeight: 600 }}>
                        {a.label}: {Array.isArray(a.value) ? a.value.join(', ') : a.value === true ? 'Yes' : String(a.value)}
                      </Typography>
                    ))}
                    {r.unsignedWaivers?.length ? (
                      <Typography variant="body2" color="error" sx={{ fontWeight: 600 }}>
                        Waiver not signed: {r.unsignedWaivers.join(', ')}
                      </Typography>
                    ) : null}
                    <Stack direction="row" spacing={1} mt={1} useFlexGap flexWrap="wrap">
                      <ToggleButtonGroup exclusive value={attendance} aria-label={`Attendance of ${name(r)}`} sx={{ flex: '1 1 160px' }}>
                        <ToggleButton
                          value="present"
                          color="success"
                          onClick={() => mark(r, attendance, true)}
                          aria-label={`${name(r)} present`}
                          sx={{ ...TOUCH, flex: 1 }}
                        >
                          Present
                        </ToggleButton>
                        <ToggleButton
                          value="absent"
                          color="error"
                          onClick={() => mark(r, attendance, false)}
                          aria-label={`${name(r)} absent`}
                          sx={{ ...TOUCH, flex: 1 }}
                        >
                          Absent
                        </ToggleButton>
                      </ToggleButtonGroup>
                      <ToggleButtonGroup
                        exclusive
                        value={paid ? 'paid' : 'unpaid'}
                        aria-label={`Payment of ${name(r)}`}
                        disabled={card}
                        sx={{ flex: '1 1 160px' }}
                      >
                        <ToggleButton
                          value="paid"
                          color="success"
                          onClick={() => !paid && setPaid(r, true)}
                          aria-label={`${name(r)} paid`}
                          sx={{ ...TOUCH, flex: 1 }}
                        >
                          Paid
                        </ToggleButton>
                        <ToggleButton
                          value="unpaid"
                          color="standard"
                          onClick={() => paid && setPaid(r, false)}
                          aria-label={`${name(r)} unpaid`}
                          sx={{ ...TOUCH, flex: 1 }}
                        >
                          Unpaid
                        </ToggleButton>
                      </ToggleButtonGroup>
                    </Stack>
                    <Typography variant="body2" mt={0.5}>
                      {paid
                        ? `Paid ${formatMoney(r.paymentStatus === 'completed' ? r.amountPaid : r.amountDue)}`
                        : `Due ${formatMoney(r.amountDue)}`}
                      {' · '}
                      {card ? 'by card online' : 'in person'}
                    </Typography>
                  </Box>
                </Box>
              );
            })}
            {arriving.map((w) => (
              <Box component="li" key={w.key} sx={{ py: 1.5 }} aria-label={`${w.body.firstName} ${w.body.lastName} (arriving)`}>
                <Typography fontWeight={700}>
                  {w.body.firstName} {w.body.lastName}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Walk-in{w.body.paidNow ? ', paid now' : ''}: {snap.offline ? 'kept on this device, will be sent when online' : 'saving…'}
                </Typography>
              </Box>
            ))}
          </Stack>
        )}
      </Paper>
    </>
  );
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, textAlign: 'center' }}>
      <Typography variant="h6" component="p" fontWeight={700}>
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Paper>
  );
}
