import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { FormControlLabel, Switch, TextField, Typography } from '@mui/material';
import { useSaveAction } from '@/common/useSaveAction';
import { useAppDataProvider } from '@/providers/dataProvider';
import type { Settings } from '@/providers/types';
import { SaveRow, SettingsSection } from '@/settings/SettingsSection';

/** A whole number within [min, max], else null. */
const wholeIn = (text: string, min: number, max: number) => {
  const n = Number(text);
  return text.trim() !== '' && Number.isInteger(n) && n >= min && n <= max ? n : null;
};

/** The section's anchor: the dashboard's live card links here (`?tab=terms#waiting-room`) to change the rate. */
const WAITING_ROOM_ANCHOR = 'waiting-room';

/**
 * Brings the section into view when the page was opened at its anchor. Once, after the terms above it have loaded
 * (they would push it down again).
 */
function useScrolledIntoViewFromLink() {
  const { hash } = useLocation();
  const loadingAbove = useIsFetching({ queryKey: ['terms'] }) > 0;
  const done = useRef(false);
  useEffect(() => {
    if (done.current || loadingAbove || hash !== `#${WAITING_ROOM_ANCHOR}`) return;
    done.current = true;
    requestAnimationFrame(() => document.getElementById(WAITING_ROOM_ANCHOR)?.scrollIntoView({ block: 'start' }));
  }, [hash, loadingAbove]);
}

/**
 * The opening's waiting room: when on, people arriving at a class's registration opening take a place in line and are
 * let in at the rate set here, so the servers serve each admitted registration fast instead of everyone slowly.
 */
export function WaitingRoomSettings({ settings }: { settings: Settings }) {
  const dp = useAppDataProvider();
  const client = useQueryClient();
  const [on, setOn] = useState(settings.waitingRoom);
  const [perMinute, setPerMinute] = useState(String(settings.waitingRoomAdmitPerMinute));
  const [minutes, setMinutes] = useState(String(settings.waitingRoomMinutes));
  const save = useSaveAction('Failed to save the waiting room. Please try again');
  const rate = wholeIn(perMinute, 30, 60000);
  const length = wholeIn(minutes, 5, 480);
  const valid = rate !== null && length !== null;
  useScrolledIntoViewFromLink();

  const submit = () =>
    void save.run(async (saved) => {
      if (rate === null || length === null) return;
      await dp.saveSettings({ waitingRoom: on, waitingRoomAdmitPerMinute: rate, waitingRoomMinutes: length });
      saved('Waiting room saved');
      await client.invalidateQueries({ queryKey: ['settings'] });
    });

  return (
    <SettingsSection title="Waiting room" maxWidth={1060} id={WAITING_ROOM_ANCHOR}>
      <FormControlLabel
        control={<Switch checked={on} onChange={(_, v) => setOn(v)} />}
        label="Waiting room at openings"
        sx={{ alignSelf: 'flex-start' }}
      />
      <Typography color="text.secondary">
        At a class&apos;s registration opening, people take a place in line and are let in a few at a time, in the order they arrived.
      </Typography>
      <TextField
        label="People let in per minute"
        type="number"
        value={perMinute}
        onChange={(e) => setPerMinute(e.target.value)}
        error={rate === null}
        helperText={rate === null ? 'Enter a whole number from 30 to 60000' : 'From 30 to 60000'}
        slotProps={{ htmlInput: { min: 30, max: 60000, step: 1 } }}
        sx={{ maxWidth: 320 }}
        disabled={!on}
      />
      <TextField
        label="Minutes the waiting room stays on after the opening"
        type="number"
        value={minutes}
        onChange={(e) => setMinutes(e.target.value)}
        error={length === null}
        helperText={length === null ? 'Enter a whole number from 5 to 480' : 'From 5 to 480 minutes'}
        slotProps={{ htmlInput: { min: 5, max: 480, step: 1 } }}
        sx={{ maxWidth: 320 }}
        disabled={!on}
      />
      <SaveRow label="Save waiting room" onSave={submit} disabled={!valid} status={save.status} />
    </SettingsSection>
  );
}
