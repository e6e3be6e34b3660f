// @ts-check
// Sound for every page (after common.js): short WebAudio tones for the games' effects with a mute switch in the
// header, and background music for a page that has it (its own switch), both remembered across pages.
'use strict';

(() => {
  const M = window.Marubatsu;

  // ---- sound: short WebAudio tones, muted from the header's switch, remembered across pages --------------

  const MUTED_KEY = 'marubatsu.muted';
  let muted = M.store.get(MUTED_KEY, false) === true;
  /** @type {AudioContext | null} */
  let audio = null;

  /** The audio context, made or resumed inside a user gesture (browsers refuse to start one otherwise). */
  function wake() {
    if (muted && !music.wanted()) return null;
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    if (!audio) audio = new Context();
    if (audio.state === 'suspended') audio.resume().catch(() => {});
    return audio;
  }

  /**
   * One note; `at` (the audio clock) overrides `delay`, and `music` notes ignore the effects' switch.
   * @param {number} frequency
   * @param {{ duration?: number, type?: OscillatorType, volume?: number, delay?: number, at?: number | null,
   *   music?: boolean }} [options]
   */
  function tone(frequency, { duration = 0.09, type = 'sine', volume = 0.14, delay = 0, at = null, music: isMusic = false } = {}) {
    if ((muted && !isMusic) || !audio || audio.state !== 'running') return;
    const start = at === null ? audio.currentTime + delay : at;
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = type;
    oscillator.frequency.setValueAtTime(frequency, start);
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(volume, start + 0.012);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + duration);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start);
    oscillator.stop(start + duration + 0.03);
  }

  const effects = {
    press: () => tone(620, { type: 'triangle', duration: 0.07 }),
    undo: () => tone(330, { duration: 0.08 }),
    hint: () => { tone(523, { duration: 0.07 }); tone(784, { delay: 0.08 }); },
    nothing: () => tone(150, { type: 'square', volume: 0.04, duration: 0.06 }),
    start: () => { tone(392, { duration: 0.06 }); tone(523, { delay: 0.07, duration: 0.08 }); },
    cpu: () => tone(440, { type: 'sine', duration: 0.08 }),
    win: () => [523, 659, 784, 1047].forEach((f, i) => tone(f, { type: 'triangle', duration: 0.18, delay: i * 0.1 })),
    lose: () => [392, 330, 262].forEach((f, i) => tone(f, { type: 'sawtooth', volume: 0.06, duration: 0.2, delay: i * 0.14 })),
    draw: () => { tone(440, { duration: 0.12 }); tone(440, { duration: 0.12, delay: 0.16 }); },
    // A few seconds left: three short high pips, heard across a table without a look at the phone.
    warn: () => [0, 0.18, 0.36].forEach((delay) => tone(880, { type: 'square', volume: 0.06, duration: 0.08, delay })),
  };

  /** @param {string} name */
  function play(name) {
    const effect = effects[/** @type {keyof typeof effects} */ (name)];
    if (effect && !muted) effect();
  }

  // ---- background music: a quiet generated loop with its own switch, apart from the effects -------------

  // A slow arpeggio over C major pentatonic, a bass note every bar: calm enough to think over a puzzle.
  const MELODY = [523, 659, 784, 880, 784, 659, 587, 659, 523, 587, 659, 784, 659, 587, 523, 440];
  const BASS = [131, 110, 147, 98];
  const STEP = 0.32;
  const MUSIC_KEY = 'marubatsu.music';

  const music = (() => {
    let on = M.store.get(MUSIC_KEY, false) === true;
    let here = false;
    /** @type {number | null} */
    let timer = null;
    let step = 0;
    let next = 0;
    /** @type {HTMLElement | null} */
    let button = null;

    function schedule() {
      if (!audio || audio.state !== 'running') return;
      if (next < audio.currentTime) next = audio.currentTime + 0.05;
      while (next < audio.currentTime + 0.6) {
        tone(MELODY[step % MELODY.length], { at: next, duration: 0.5, type: 'triangle', volume: 0.035, music: true });
        if (step % 4 === 0) {
          tone(BASS[(step / 4) % BASS.length], { at: next, duration: 1.2, type: 'sine', volume: 0.05, music: true });
        }
        next += STEP;
        step += 1;
      }
    }

    function update() {
      const play = here && on && !document.hidden && audio && audio.state === 'running';
      if (play && !timer) {
        schedule();
        timer = window.setInterval(schedule, 200);
      } else if (!play && timer) {
        window.clearInterval(timer);
        timer = null;
      }
      document.documentElement.dataset.music = timer ? 'playing' : 'stopped';
      if (button) {
        button.setAttribute('aria-pressed', String(on));
        const label = button.querySelector('.music-text') || button;
        label.textContent = window.I18n.t(on ? 'music.on' : 'music.off');
      }
    }

    return {
      /** Whether this page has music and the player wants it. */
      wanted: () => here && on,
      /** Gives the page music, switched by `toggle` (a button), remembered across pages and visits. */
      /** @param {HTMLElement} toggle */
      attach(toggle) {
        here = true;
        button = toggle;
        button.addEventListener('click', () => {
          on = !on;
          M.store.set(MUSIC_KEY, on);
          wake();
          update();
        });
        window.I18n.onChange(update);
        document.addEventListener('visibilitychange', update);
        update();
      },
      update,
    };
  })();

  // Any key or pointer press may be the gesture that lets the page make sound.
  const gesture = () => {
    const context = wake();
    if (context && context.state !== 'running') context.resume().then(music.update, () => {});
    music.update();
  };
  document.addEventListener('pointerdown', gesture, true);
  document.addEventListener('keydown', gesture, true);

  const soundButton = document.getElementById('sound');
  function drawSoundButton() {
    if (!soundButton) return;
    soundButton.setAttribute('aria-pressed', String(!muted));
    const label = soundButton.querySelector('.sound-text') || soundButton;
    label.textContent = window.I18n.t(muted ? 'sound.off' : 'sound.on');
  }
  window.I18n.onChange(drawSoundButton);
  if (soundButton) {
    soundButton.addEventListener('click', () => {
      muted = !muted;
      M.store.set(MUTED_KEY, muted);
      drawSoundButton();
      if (!muted) {
        wake();
        tone(660, { duration: 0.06 });
      }
    });
  }
  drawSoundButton();

  /** @type {Pick<MarubatsuApi, 'sound' | 'music'>} */
  const part = { sound: { play }, music };
  Object.assign(M, part);
})();
