"""The account routes of the API (docs/web.md, *Accounts*): sign up, in and out, change
the password, delete the account, download its data.

Every state-changing route here takes :func:`pachisi.web.accounts.require_csrf`.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import APIRouter, Depends, Request, Response

from .accounts import (
    BROWSER_COOKIE,
    SESSION_COOKIE,
    SESSION_DAYS,
    Account,
    Accounts,
    csrf_token,
    current_account,
    require_csrf,
    session_token,
)
from .requests import ApiError

__all__ = ["account_routes", "signed_in"]


def signed_in(request: Request) -> Account:
    """The account of a request, or ``401 not_signed_in``."""
    account = current_account(request)
    if account is None:
        raise ApiError(401, "not_signed_in", "sign in first")
    return account


def _fields(body: object, *names: str) -> list[object]:
    if not isinstance(body, dict):
        raise ApiError(400, "bad_request", "the body is a JSON object")
    unknown = sorted(set(body) - set(names))
    if unknown:
        raise ApiError(400, "bad_request", f"unknown field {unknown[0]!r}")
    missing = [n for n in names if n not in body]
    if missing:
        raise ApiError(400, "bad_request", f"'{missing[0]}' is missing")
    return [body[n] for n in names]


def _browser(request: Request) -> str | None:
    token = request.cookies.get(BROWSER_COOKIE)
    if token and 16 <= len(token) <= 64 and token.replace("-", "").replace("_", "").isalnum():
        return token
    return None


def account_routes(
    service: Accounts,
    body: Callable[[Request], Awaitable[object]],
    give_browser_token: Callable[[Request, Response], str],
    secure: bool,
    export: Callable[[int], dict[str, Any]],
    renamed: Callable[[list[str]], Awaitable[None]],
) -> APIRouter:
    """The routes, for ``service``; ``body`` reads a request's JSON,
    ``give_browser_token`` gives a browser its cookie (the lobby's), ``secure``
    whether cookies are sent over HTTPS only, ``export`` an account's games and
    ratings for its data download, ``renamed`` is told the games whose seats a
    deleted account's name left."""
    router = APIRouter()

    def set_session(request: Request, response: Response, token: str) -> None:
        response.set_cookie(
            SESSION_COOKIE, token, max_age=SESSION_DAYS * 24 * 3600, path="/", httponly=True,
            samesite="lax", secure=secure or request.url.scheme == "https",
        )  # fmt: skip

    def me(account: Account | None, csrf: str) -> dict[str, Any]:
        return {
            "account": None
            if account is None
            else {
                "id": account.id,
                "name": account.name,
                "moderator": account.moderator,
                "suspended": account.suspended,
            },
            "csrf": csrf,
        }

    @router.get("/api/account")
    async def account_info(request: Request, response: Response) -> dict[str, Any]:
        """Who is signed in (``account``, or null) and the CSRF token of this browser."""
        account = await asyncio.to_thread(current_account, request)
        browser = give_browser_token(request, response)
        # The token of the cookie the CSRF check reads: a session cookie's, even one
        # that has expired (signing in again replaces it), else the browser's.
        return me(account, csrf_token(session_token(request) or browser))

    @router.post("/api/account/signup", status_code=201, dependencies=[Depends(require_csrf)])
    async def sign_up(request: Request, response: Response) -> dict[str, Any]:
        """A new account (name, password); signs this browser in and claims its games."""
        name, password = _fields(await body(request), "name", "password")
        address = request.client.host if request.client else ""
        account, token = await asyncio.to_thread(
            service.sign_up, name, password, address, _browser(request)
        )
        set_session(request, response, token)
        return me(account, csrf_token(token))

    @router.post("/api/account/signin", dependencies=[Depends(require_csrf)])
    async def sign_in(request: Request, response: Response) -> dict[str, Any]:
        """Sign in (name, password); claims this browser's games for the account."""
        name, password = _fields(await body(request), "name", "password")
        address = request.client.host if request.client else ""
        account, token = await asyncio.to_thread(
            service.sign_in, name, password, address, _browser(request)
        )
        set_session(request, response, token)
        return me(account, csrf_token(token))

    @router.post("/api/account/signout", dependencies=[Depends(require_csrf)])
    async def sign_out(request: Request, response: Response) -> dict[str, Any]:
        """End this browser's session."""
        token = session_token(request)
        if token is not None:
            await asyncio.to_thread(service.sign_out, token)
        response.delete_cookie(SESSION_COOKIE, path="/")
        browser = _browser(request)
        return me(None, csrf_token(browser) if browser else "")

    @router.post("/api/account/password", dependencies=[Depends(require_csrf)])
    async def change_password(request: Request) -> dict[str, Any]:
        """Change the password (``old``, ``new``); the account's other sessions end."""
        account = signed_in(request)
        old, new = _fields(await body(request), "old", "new")
        token = session_token(request) or ""
        await asyncio.to_thread(service.change_password, account.id, old, new, token)
        return {"ok": True}

    @router.post("/api/account/delete", dependencies=[Depends(require_csrf)])
    async def delete(request: Request, response: Response) -> dict[str, Any]:
        """Delete the account (its ``password`` again); its games stay, anonymised."""
        account = signed_in(request)
        (password,) = _fields(await body(request), "password")
        games = await asyncio.to_thread(service.delete, account.id, password)
        await renamed(games)
        response.delete_cookie(SESSION_COOKIE, path="/")
        return {"ok": True}

    @router.get("/api/account/data")
    async def data(request: Request) -> Response:
        """Everything the site keeps about the account, as a JSON download."""
        account = signed_in(request)
        content = await asyncio.to_thread(export, account.id)
        return Response(
            json.dumps(content, indent=1, ensure_ascii=False),
            media_type="application/json",
            headers={
                "content-disposition": f'attachment; filename="pachisi-account-{account.id}.json"'
            },
        )

    return router
