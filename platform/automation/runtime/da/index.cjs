'use strict';
// `@aps-local/da`: what a program run by a local Design Automation engine may import.
const fs = require('node:fs');

const paths = JSON.parse(process.env.APS_DA_ARGS || '{}');

/** The workitem's arguments by parameter name: where each one's file or folder is (`$(args[Name].path)`). */
const args = Object.freeze(
  Object.fromEntries(Object.entries(paths).map(([name, file]) => [name, Object.freeze({ path: file })])),
);

function pathOf(name) {
  const argument = args[name];
  if (!argument)
    throw new Error(`The workitem has no argument "${name}"; it has: ${Object.keys(args).join(', ') || 'none'}.`);
  return argument.path;
}

/** The text of an input, such as a `{value}` or `data:` argument. */
function readText(name) {
  return fs.readFileSync(pathOf(name), 'utf8');
}

function readJson(name) {
  return JSON.parse(readText(name));
}

/** A line of the workitem's report. */
function log(...parts) {
  process.stdout.write(`${parts.map(String).join(' ')}\n`);
}

/** An `onProgress` report: the line Design Automation engines print for it; the platform posts `body`. */
function progress(body) {
  const data = typeof body === 'string' ? body : JSON.stringify(body);
  process.stdout.write(`!ACESAPI:acesHttpOperation("onProgress","","",${JSON.stringify(data)},"")\n`);
}

/**
 * Fetches an `ondemand` input now, into `file` (relative to the job folder): prints the
 * `!ACESAPI:acesHttpOperation` line and waits for the engine's answer on stdin (ETX: done, a new
 * line: failed). Resolves true when the file was written.
 */
function onDemand(name, file, options = {}) {
  const headers = Object.entries(options.headers || {})
    .map(([key, value]) => `${key}:${value}`)
    .join(';');
  return new Promise((resolve) => {
    const answer = (chunk) => {
      const text = String(chunk);
      if (!text.includes('\x03') && !text.includes('\n')) return;
      process.stdin.off('data', answer);
      process.stdin.pause();
      // A paused pipe still holds the process open: the program decides when it ends, not its stdin.
      if (typeof process.stdin.unref === 'function') process.stdin.unref();
      resolve(text.includes('\x03'));
    };
    if (typeof process.stdin.ref === 'function') process.stdin.ref();
    process.stdin.on('data', answer);
    process.stdout.write(
      `!ACESAPI:acesHttpOperation(${name},${options.suffix || ''},${headers},${options.body || ''},file://${file})\n`,
    );
  });
}

module.exports = { args, readText, readJson, log, progress, onDemand };
