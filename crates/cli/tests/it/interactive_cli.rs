//! `-i` types the private key at a prompt on the terminal. Headless, the terminal is a pseudo-terminal that this
//! test opens and makes the binary's controlling terminal: it waits for the prompt, checks that echo is off before
//! typing, types the key, and checks that the key signed real transactions on anvil and never came back on the
//! terminal, stdout or stderr. Without a terminal, `-i` refuses in words.

use crate::support;

use std::{
    fs::File,
    io::{Read, Write},
    os::{fd::FromRawFd, unix::process::CommandExt},
    process::Stdio,
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use marubatsu_tests::anviltest;

const PROMPT: &str = "Enter the private key: ";

/// A pseudo-terminal: (master, slave), both opened close-on-exec. The CLI's tests are threads of one process, and
/// a child that another test starts at the same moment must inherit neither end: a slave left open in it would
/// keep this terminal from ever reporting the end (`openpty` opens both without close-on-exec).
fn open_pty() -> (File, File) {
    use std::os::{fd::AsRawFd, unix::fs::OpenOptionsExt};
    // SAFETY: posix_openpt opens a new descriptor, or returns -1.
    let master = unsafe { libc::posix_openpt(libc::O_RDWR | libc::O_NOCTTY | libc::O_CLOEXEC) };
    assert!(master >= 0, "posix_openpt failed: {}", std::io::Error::last_os_error());
    // SAFETY: the descriptor was just opened and is owned by nothing else.
    let master = unsafe { File::from_raw_fd(master) };
    let fd = master.as_raw_fd();
    // SAFETY: grantpt and unlockpt act on the master descriptor, which stays open for the calls.
    assert_eq!(unsafe { libc::grantpt(fd) }, 0, "grantpt failed");
    assert_eq!(unsafe { libc::unlockpt(fd) }, 0, "unlockpt failed");
    let mut name = [0 as libc::c_char; 128];
    // SAFETY: ptsname_r writes a NUL-terminated path of at most `name.len()` bytes into `name`.
    assert_eq!(
        unsafe { libc::ptsname_r(fd, name.as_mut_ptr(), name.len()) },
        0,
        "ptsname_r failed"
    );
    // SAFETY: ptsname_r succeeded, so `name` holds a NUL-terminated string.
    let path = unsafe { std::ffi::CStr::from_ptr(name.as_ptr()) }
        .to_str()
        .unwrap()
        .to_owned();
    // std opens every file close-on-exec; O_NOCTTY keeps the test process from taking the terminal as its own.
    let slave = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .custom_flags(libc::O_NOCTTY)
        .open(&path)
        .unwrap_or_else(|err| panic!("{path}: {err}"));
    (master, slave)
}

/// Whether the terminal echoes what is typed.
fn echoes(terminal: &File) -> bool {
    use std::os::fd::AsRawFd;
    // SAFETY: termios is plain data; tcgetattr fills it from a descriptor that stays open for the call.
    let mut settings: libc::termios = unsafe { std::mem::zeroed() };
    assert_eq!(unsafe { libc::tcgetattr(terminal.as_raw_fd(), &mut settings) }, 0);
    settings.c_lflag & libc::ECHO != 0
}

fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    let started = Instant::now();
    while !done() {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "timed out waiting for {what}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

anviltest!(a_key_typed_at_the_prompt_signs_and_is_never_echoed, |anvil, records| {
    let key = anvil.keys[3].clone();
    let args = [
        "deploy",
        "--broadcast",
        "-i",
        "--rpc-url",
        &anvil.url,
        "--deployments",
        records.path().to_str().unwrap(),
    ];

    // Without a terminal: refused in words, nothing sent.
    let output = support::marubatsu(&args, &[]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("cannot ask \"Enter the private key\": there is no terminal"),
        "{stderr}"
    );

    let (mut master, slave) = open_pty();
    let mut command = support::command(&args);
    command
        .stdin(slave.try_clone().unwrap())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: only async-signal-safe calls between fork and exec: a new session, whose controlling terminal
    // becomes the pseudo-terminal on stdin, so that the prompt's /dev/tty is it.
    unsafe {
        command.pre_exec(|| {
            if libc::setsid() < 0 || libc::ioctl(0, libc::TIOCSCTTY, 0) < 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let child = command.spawn().expect("starting marubatsu");
    // The parent's copies of the slave must go, or the terminal never reports the end.
    drop(command);
    drop(slave);

    let transcript = Arc::new(Mutex::new(Vec::new()));
    let reader = {
        let transcript = Arc::clone(&transcript);
        let mut master = master.try_clone().unwrap();
        std::thread::spawn(move || {
            let mut buffer = [0; 1024];
            // Reading ends with EIO once the child has exited and no slave is left open.
            while let Ok(n @ 1..) = master.read(&mut buffer) {
                transcript.lock().unwrap().extend_from_slice(&buffer[..n]);
            }
        })
    };
    let seen = || String::from_utf8_lossy(&transcript.lock().unwrap()).into_owned();
    wait_until("the prompt", || seen().contains(PROMPT));
    wait_until("echo to be switched off", || !echoes(&master));
    master.write_all(format!("{key}\n").as_bytes()).unwrap();

    let output = child.wait_with_output().unwrap();
    reader.join().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains(&format!("Deployer: {}", anvil.accounts[3])), "{stdout}");
    assert!(stdout.contains("TicTacToe: deployed"), "{stdout}");
    let terminal = seen();
    for text in [&terminal, &stdout.to_string(), &stderr.to_string()] {
        assert!(!text.contains(&key[2..]), "the key was shown:\n{text}");
    }
    let nonce = anvil.rpc("eth_getTransactionCount", &[&anvil.accounts[3].to_string(), "latest"]);
    assert_eq!(
        nonce.trim_matches('"'),
        "0x2",
        "two creations signed with the typed key"
    );
});
