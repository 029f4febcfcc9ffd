/**
 * A short tone for a new critical alarm (the console's optional sound), made with the Web Audio
 * API: nothing where the browser has none (jsdom) or refuses it. One context, made or resumed
 * when the user switches the sound on (a browser lets a page sound only after a gesture).
 */
type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (context) return context;
  const Ctx = (globalThis as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass }).AudioContext ??
    (globalThis as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  if (!Ctx) return null;
  try {
    context = new Ctx();
  } catch {
    return null;
  }
  return context;
}

/** Readies the sound (called from the switch's click, a user gesture). */
export function primeTone(): void {
  const ctx = audio();
  if (ctx?.state === 'suspended') ctx.resume().catch(() => undefined);
}

/** Two short beeps at 880 Hz (0.15 s each). */
export function playTone(): void {
  const ctx = audio();
  if (!ctx) return;
  try {
    if (ctx.state === 'suspended') ctx.resume().catch(() => undefined);
    const gain = ctx.createGain();
    gain.gain.value = 0.15;
    gain.connect(ctx.destination);
    for (const start of [0, 0.25]) {
      const osc = ctx.createOscillator();
      osc.type = 'square';
      osc.frequency.value = 880;
      osc.connect(gain);
      osc.start(ctx.currentTime + start);
      osc.stop(ctx.currentTime + start + 0.15);
    }
  } catch {
    // No sound where the browser refuses it; the console still shows and announces the alarm.
  }
}
