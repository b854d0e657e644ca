// Sounds of the game (dice, building, battle), synthesised with WebAudio: no audio file is fetched.
// web/page.py calls play() only when the player switched sound on; the AudioContext is made at the first
// sound, never while sound is off, and nothing plays while reduced motion is asked for.
"use strict";

(() => {
  let context = null;

  function tone(at, freq, length, type = "sine", volume = 0.2, slide = freq) {
    const osc = context.createOscillator();
    const gain = context.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(freq, at);
    osc.frequency.exponentialRampToValueAtTime(slide, at + length);
    gain.gain.setValueAtTime(volume, at);
    gain.gain.exponentialRampToValueAtTime(0.001, at + length);
    osc.connect(gain).connect(context.destination);
    osc.start(at);
    osc.stop(at + length);
  }

  const SOUNDS = {
    // Dice tumbling: short clicks of falling pitch.
    dice: (t) => [0, 0.07, 0.15, 0.21, 0.3].forEach((d, i) => tone(t + d, 900 - i * 110, 0.05, "square", 0.06)),
    // A building raised: two hammer knocks and a rising chime.
    build: (t) => {
      tone(t, 180, 0.09, "triangle", 0.3, 90);
      tone(t + 0.16, 180, 0.09, "triangle", 0.3, 90);
      tone(t + 0.32, 523, 0.35, "sine", 0.12, 784);
    },
    // The battle: a low drum and a horn call.
    battle: (t) => {
      tone(t, 90, 0.4, "sine", 0.4, 45);
      tone(t + 0.25, 294, 0.25, "sawtooth", 0.06);
      tone(t + 0.5, 392, 0.5, "sawtooth", 0.06);
    },
  };

  window.kingsburgSound = {
    play(kind) {
      if (!SOUNDS[kind] || matchMedia("(prefers-reduced-motion: reduce)").matches) return;
      const Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) return;
      context ??= new Context();
      if (context.state === "suspended") context.resume();
      SOUNDS[kind](context.currentTime + 0.02);
    },
  };
})();
