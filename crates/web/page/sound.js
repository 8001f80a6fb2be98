// Move sounds, made with WebAudio (no audio files): a short wooden knock for a move, a
// lower double knock for a capture, a rising pair for check, a chord at the end. Off until
// the player turns them on.

let context = null;

function tone(freq, at, length, gain = 0.18, type = 'triangle') {
  const osc = context.createOscillator();
  const amp = context.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, at);
  amp.gain.setValueAtTime(gain, at);
  amp.gain.exponentialRampToValueAtTime(0.001, at + length);
  osc.connect(amp).connect(context.destination);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

// Plays the sound of `kind`: 'move', 'capture', 'check' or 'end'.
export function play(kind) {
  const Audio = window.AudioContext || window.webkitAudioContext;
  if (!Audio) return;
  try {
    context = context || new Audio();
    if (context.state === 'suspended') context.resume();
    const t = context.currentTime + 0.01;
    if (kind === 'capture') { tone(260, t, 0.09, 0.22); tone(200, t + 0.07, 0.12, 0.2); }
    else if (kind === 'check') { tone(520, t, 0.1); tone(700, t + 0.1, 0.14); }
    else if (kind === 'end') { tone(392, t, 0.4, 0.12, 'sine'); tone(494, t, 0.4, 0.1, 'sine'); tone(587, t, 0.4, 0.1, 'sine'); }
    else tone(330, t, 0.08, 0.2);
  } catch { /* audio unavailable: silence */ }
}
