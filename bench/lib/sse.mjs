// A Server-Sent Events client for the figures: one HTTP connection of its own per stream.
import http from 'node:http';

/**
 * Opens `path` on `base` as an event stream; resolves once the server said ': open', with
 * `close()`. `onEvent(name, data, at)` gets each named event, its data (the `data:` lines
 * joined) and when its chunk arrived (performance.now()).
 */
export function openEventStream(base, path, headers, onEvent) {
  return new Promise((resolve, reject) => {
    const request = http.get(new URL(path, base), { agent: false, headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`${path} answered ${response.statusCode}`));
        return;
      }
      response.setEncoding('utf8');
      let buffer = '';
      let open = false;
      response.on('data', (chunk) => {
        const at = performance.now();
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!open && event.includes(': open')) {
            open = true;
            resolve({ close: () => request.destroy() });
          }
          const name = /^event: (\w+)$/m.exec(event)?.[1];
          const data = event
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (name) onEvent(name, data, at);
        }
      });
      response.on('error', () => undefined);
    });
    request.on('error', reject);
    request.setTimeout(60_000, () => request.destroy(new Error(`${path} did not open within 60 s`)));
  });
}
