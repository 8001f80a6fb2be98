// The JSON API of `qi serve` (docs/web-api.md), as promises and a streamed search.

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function request(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    throw new ApiError(response.status, data.error || `request failed (${response.status})`);
  }
  return data;
}

export const listGames = () => request('GET', '/api/games');
export const position = (game, body) => request('POST', `/api/games/${game}/position`, body);
export const importRecord = (game, body) => request('POST', `/api/games/${game}/import`, body);
// Gomoku swap/swap2 openings: the engine proposes three stones or decides (docs/web-api.md).
export const opening = (game, body) => request('POST', `/api/games/${game}/opening`, body);

// Starts a search and calls `onEvent(name, data)` for each server-sent event until `done`.
// Aborting `signal` closes the connection, which makes the server stop the search.
export async function search(game, body, onEvent, signal) {
  const response = await fetch(`/api/games/${game}/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) {
    const data = await response.json().catch(() => ({}));
    throw new ApiError(response.status, data.error || `search failed (${response.status})`);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let name = 'message';
      const data = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) name = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (data.length) onEvent(name, JSON.parse(data.join('\n')));
    }
  }
}
