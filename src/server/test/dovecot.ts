import { type ChildProcess, spawn } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
  appendFileSync,
} from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { freePort } from './free-port';

/** Debian's `mail` user owns the mailboxes: dovecot refuses to run mail processes as root. */
const mailUid = 8;
const mailGid = 8;

/**
 * A real IMAP server for tests: Debian's dovecot (imapd + lmtpd) started as root without
 * systemd, in a folder of its own (config, passwd-file users, Maildirs), IMAP and LMTP on
 * free loopback ports. `deliver` hands a raw message to LMTP, as a mail server would.
 */
export async function startDovecot() {
  const root = mkdtempSync(path.join(tmpdir(), 'locus-dovecot-'));
  const dirs = {
    run: path.join(root, 'run'),
    state: path.join(root, 'state'),
    mail: path.join(root, 'mail'),
  };
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true });
  chownSync(dirs.mail, mailUid, mailGid);
  chmodSync(root, 0o755);
  const usersFile = path.join(root, 'users');
  writeFileSync(usersFile, '');
  const imapPort = await freePort();
  const lmtpPort = await freePort();
  const config = path.join(root, 'dovecot.conf');
  writeFileSync(
    config,
    `
base_dir = ${dirs.run}
state_dir = ${dirs.state}
log_path = ${path.join(root, 'dovecot.log')}
protocols = imap lmtp
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:${dirs.mail}/%u
first_valid_uid = ${mailUid}
first_valid_gid = ${mailGid}
mail_uid = ${mailUid}
mail_gid = ${mailGid}
default_internal_user = dovecot
default_login_user = dovenull
lmtp_save_to_detail_mailbox = no
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${usersFile}
}
userdb {
  driver = static
  args = uid=${mailUid} gid=${mailGid} home=${dirs.mail}/%u
}
namespace inbox {
  inbox = yes
  separator = /
  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
  mailbox Drafts {
    special_use = \\Drafts
    auto = subscribe
  }
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${imapPort}
  }
  inet_listener imaps {
    port = 0
  }
}
service lmtp {
  inet_listener lmtp {
    address = 127.0.0.1
    port = ${lmtpPort}
  }
}
service stats {
  unix_listener stats-writer {
    mode = 0666
  }
}
`,
  );
  const child: ChildProcess = spawn('dovecot', ['-F', '-c', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  try {
    await waitForPort(imapPort, child, () => stderr);
    await waitForPort(lmtpPort, child, () => stderr);
  } catch (error) {
    child.kill('SIGKILL');
    const log = safeRead(path.join(root, 'dovecot.log'));
    rmSync(root, { recursive: true, force: true });
    throw new Error(`dovecot did not start: ${(error as Error).message}\n${stderr}\n${log}`, {
      cause: error,
    });
  }
  const lmtp = nodemailer.createTransport({
    host: '127.0.0.1',
    port: lmtpPort,
    lmtp: true,
    secure: false,
    ignoreTLS: true,
  });

  return {
    host: '127.0.0.1',
    port: imapPort,
    lmtpPort,
    root,
    /** Adds a mailbox user (the password is stored in plain text: a test server only). */
    addUser(email: string, password: string) {
      appendFileSync(usersFile, `${email}:{PLAIN}${password}\n`);
    },
    /** Delivers a raw RFC 5322 message (or nodemailer message options) to `email`'s INBOX through LMTP. */
    async deliver(email: string, message: string | Buffer | SendMailOptions) {
      const options =
        typeof message === 'string' || Buffer.isBuffer(message)
          ? { envelope: { from: 'sender@example.test', to: [email] }, raw: message }
          : { ...message, envelope: { from: 'sender@example.test', to: [email] } };
      await lmtp.sendMail(options);
    },
    log: () => safeRead(path.join(root, 'dovecot.log')),
    async stop() {
      lmtp.close();
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}

export type TestDovecot = Awaited<ReturnType<typeof startDovecot>>;

function safeRead(file: string) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

async function waitForPort(port: number, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited with code ${child.exitCode}: ${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`port ${port} did not open in 15 s`);
}
