// Local.Test+1: runs its command line's steps in order, so that a test or a user can produce any
// workitem outcome on purpose. It runs in the same sandbox as every other program.
import { copyFileSync, openSync, writeSync, closeSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { onDemand, progress } from './da/index.mjs';

const STEPS = {
  echo: 2,
  print: 1,
  progress: 1,
  sleep: 1,
  write: 2,
  memory: 1,
  hang: 0,
  ondemand: 2,
  exit: 1,
};

function number(text, step) {
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${step} needs a number, not "${text}".`);
  return value;
}

function writeBytes(file, count) {
  const chunk = Buffer.alloc(Math.min(count, 1 << 20), 0x61);
  const fd = openSync(file, 'w');
  try {
    for (let left = count; left > 0; left -= chunk.length) writeSync(fd, chunk, 0, Math.min(left, chunk.length));
  } finally {
    closeSync(fd);
  }
}

const held = [];
const words = process.argv.slice(2);
while (words.length > 0) {
  const step = words.shift();
  if (!(step in STEPS)) {
    console.error(`Unknown step "${step}"; the steps are: ${Object.keys(STEPS).join(', ')}.`);
    process.exit(2);
  }
  const operands = words.splice(0, STEPS[step]);
  if (operands.length < STEPS[step]) {
    console.error(`${step} needs ${STEPS[step]} operand(s).`);
    process.exit(2);
  }
  const [first, second] = operands;
  if (step === 'echo') copyFileSync(first, second);
  else if (step === 'print') console.log(first);
  else if (step === 'progress') progress(first);
  else if (step === 'sleep') await sleep(number(first, step));
  else if (step === 'write') writeBytes(first, number(second, step));
  else if (step === 'memory') held.push(Buffer.alloc(number(first, step) * (1 << 20), 1));
  else if (step === 'hang') await new Promise(() => setInterval(() => undefined, 1 << 30));
  else if (step === 'ondemand') {
    if (!(await onDemand(first, second))) {
      console.error(`The on-demand input ${first} could not be fetched.`);
      process.exit(3);
    }
  } else if (step === 'exit') process.exit(number(first, step));
}
