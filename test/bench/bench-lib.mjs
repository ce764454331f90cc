// What the HTTP benchmarks share: the CPU a process has used (from /proc, so a figure per request that holds when
// the cores are shared with other work), the embedded PostgreSQL's processes, autocannon runs, and waiting for a
// server to answer.
import autocannon from 'autocannon';
import fs from 'node:fs';

/** CPU seconds (user + system) used so far by these processes. */
export function cpuSeconds(pids) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      /* exited */
    }
  }
  return ticks / 100;
}

/** The PostgreSQL of this data directory: the postmaster (its command line names the directory) and its children. */
export function postgresPids(dataDir) {
  const procs = fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        return { pid, ppid: stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1], cmd: fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8') };
      } catch {
        return null;
      }
    })
    .filter(Boolean);
  const master = procs.find((p) => p.cmd.includes(dataDir) && p.cmd.includes('postgres'));
  return master ? [master.pid, ...procs.filter((p) => p.ppid === master.pid).map((p) => p.pid)] : [];
}

/** One autocannon run. */
export function load(url, { connections, duration, headers }) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, pipelining: 1, headers }, (err, r) => (err ? reject(err) : resolve(r)));
  });
}

/**
 * An autocannon run with the CPU the server (and, given its data directory, PostgreSQL) spent per request meanwhile:
 * `cpuUsPerRequest` (server + database) and `dbCpuUsPerRequest`.
 */
export async function measure(url, { connections, duration, headers, serverPids, dataDir }) {
  const dbBefore = dataDir ? postgresPids(dataDir) : [];
  const before = [cpuSeconds(serverPids), cpuSeconds(dbBefore)];
  const r = await load(url, { connections, duration, headers });
  const after = [cpuSeconds(serverPids), cpuSeconds(dataDir ? [...new Set([...dbBefore, ...postgresPids(dataDir)])] : [])];
  const served = r.requests.total || 1;
  const us = (i) => ((after[i] - before[i]) * 1e6) / served;
  return Object.assign(r, { cpuUsPerRequest: us(0) + us(1), dbCpuUsPerRequest: us(1) });
}

/** Waits until `url` answers 2xx (a server starting), up to a minute. */
export async function waitFor(url) {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer`);
}
