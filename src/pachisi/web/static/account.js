// The account page (/account): sign up, in and out, change the password,
// download the data, delete the account (docs/web.md, "Accounts").

import { api } from "./api.js";
import { mountAccountLink, errorText, profileUrl, signedAs, whoAmI } from "./club.js";
import { loadLanguage, mountLanguageSwitch, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

function say(text, ok = false) {
  const box = $("message");
  box.textContent = text;
  box.classList.toggle("ok", ok);
  box.hidden = !text;
}

function draw(account) {
  $("signed-out").hidden = Boolean(account);
  $("signed-in").hidden = !account;
  if (account) {
    $("who").textContent = t("club.signed_in_as", { name: account.name });
    $("my-profile").href = profileUrl(account.name);
  }
}

async function send(path, body) {
  say("");
  try {
    const answer = await api(path, { method: "POST", body });
    return answer;
  } catch (error) {
    say(errorText(error));
    return null;
  }
}

async function credentials(path) {
  const answer = await send(path, { name: $("name").value.trim(), password: $("password").value });
  if (answer) {
    signedAs(answer);
    $("password").value = "";
    draw(answer.account);
  }
}

async function start() {
  await loadLanguage();
  mountLanguageSwitch();
  $("credentials").addEventListener("submit", (event) => {
    event.preventDefault();
    credentials("/api/account/signin");
  });
  $("sign-up").addEventListener("click", () => credentials("/api/account/signup"));
  $("sign-out").addEventListener("click", async () => {
    const answer = await send("/api/account/signout");
    if (answer) {
      signedAs(answer);
      draw(null);
    }
  });
  $("password-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const answer = await send("/api/account/password", { old: $("old-password").value, new: $("new-password").value });
    if (answer) {
      $("old-password").value = $("new-password").value = "";
      say(t("club.password_changed"), true);
    }
  });
  $("delete-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const answer = await send("/api/account/delete", { password: $("delete-password").value });
    if (answer) {
      signedAs(await whoAmI(true));
      draw(null);
      say(t("club.deleted"), true);
    }
  });
  draw((await whoAmI()).account);
  mountAccountLink();
}

start();
