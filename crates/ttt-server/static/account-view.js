// Accounts on the page: the header's Sign in (or the signed-in name), the sign-in and
// sign-up forms, and once signed in the account's page (sign out here or everywhere, change
// the password, delete the account). The session is an HttpOnly cookie: the page never sees
// it, and asks the server who is signed in (GET /api/me).

import * as api from './api.js';
import { playerPath } from './route.js';

const $ = (id) => document.getElementById(id);

/** The signed-in account, `{name, ratings}`, or null. */
let account = null;

/** Called whenever who is signed in changes (the setup's rated choice follows it). */
let changed = () => {};

/** The signed-in account's name, or null. */
export function signedInName() {
  return account?.name ?? null;
}

/** Asks the server who is signed in, and shows it. */
export async function refreshMe() {
  try {
    account = await api.me();
  } catch {
    account = null;
  }
  show();
}

function show() {
  const nav = $('nav-account');
  nav.textContent = account ? account.name : 'Sign in';
  nav.title = account ? 'Your account' : 'Sign in or sign up';
  $('signed-out').hidden = Boolean(account);
  $('signed-in').hidden = !account;
  $('account-heading').textContent = account ? 'Your account' : 'Sign in';
  if (account) {
    $('account-name').textContent = account.name;
    $('account-name').href = playerPath(account.name);
  }
  changed(account);
}

/** Runs `action` for the form `form`, its error in `errorId`; clears the form's passwords. */
function handle(form, errorId, action) {
  $(form).addEventListener('submit', async (event) => {
    event.preventDefault();
    $(errorId).textContent = '';
    const buttons = $(form).querySelectorAll('button');
    buttons.forEach((b) => { b.disabled = true; });
    try {
      await action();
      $(form).querySelectorAll('input[type=password]').forEach((i) => { i.value = ''; });
    } catch (e) {
      $(errorId).textContent = e.message;
    } finally {
      buttons.forEach((b) => { b.disabled = false; });
    }
  });
}

function note(text) {
  $('account-note').textContent = text;
}

/** Wires the forms; `onChange(account)` hears of every sign-in and sign-out. */
export function wireAccount({ onChange }) {
  changed = onChange;
  handle('sign-in-form', 'sign-in-error', async () => {
    account = await api.signIn($('sign-in-name').value.trim(), $('sign-in-password').value);
    note(`Signed in as ${account.name}.`);
    show();
  });
  handle('sign-up-form', 'sign-up-error', async () => {
    account = await api.signUp(
      $('sign-up-name').value.trim(),
      $('sign-up-password').value,
      $('sign-up-claim').value.trim(),
    );
    note(`Welcome, ${account.name}: your account is made, and you are signed in.`);
    show();
  });
  handle('password-form', 'password-error', async () => {
    await api.changePassword($('password-now').value, $('password-new').value);
    note('Your password is changed; your other devices are signed out.');
  });
  handle('delete-form', 'delete-error', async () => {
    await api.deleteAccount($('delete-password').value);
    account = null;
    note('Your account is deleted. Your games stay.');
    show();
  });
  $('sign-out').addEventListener('click', async () => {
    await api.signOut().catch(() => {});
    account = null;
    note('Signed out.');
    show();
  });
  $('sign-out-everywhere').addEventListener('click', async () => {
    try {
      await api.signOutEverywhere();
      account = null;
      note('Signed out on every device.');
      show();
    } catch (e) {
      note(e.message);
    }
  });
}
