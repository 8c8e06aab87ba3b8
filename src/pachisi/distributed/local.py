"""A Ray cluster on this machine's loopback address only, for tests and benchmarks.

Left to itself, a local Ray (``ray.cluster_utils.Cluster``, ``ray.init()``)
binds every node to the machine's network address (the one that routes
outside, found by ``ray._private.services.get_node_ip_address``), and even
turns an address of ``127.0.0.1`` given to ``ray.init`` into that one. A test
or benchmark of a server we run here must talk to ``127.0.0.1`` only, so
:func:`loopback_cluster`:

* sets ``RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0`` in this process's environment
  (inherited by every Ray process it starts, and by a ``pachisi`` subprocess),
  and Ray's constant read from it, for as long as the cluster runs: with it,
  Ray takes ``127.0.0.1`` as this node's address (on Linux that is all it
  changes);
* turns off Ray's usage reports (``RAY_USAGE_STATS_ENABLED=0``) and, since
  Ray's head asks the cloud metadata services (``169.254.169.254``,
  ``metadata.google.internal``) when it starts whatever that says, sends
  every HTTP(S) request of the cluster's processes to a proxy address on
  loopback where nothing listens (``http_proxy``/``https_proxy``; loopback
  itself in ``no_proxy``), so that those fail at once without leaving the
  machine;
* checks that Ray now says ``127.0.0.1``, and refuses to start anything
  (:class:`~pachisi.errors.PachisiError`) otherwise;
* starts the head and each worker node with ``node_ip_address="127.0.0.1"``,
  connects this process with ``_node_ip_address="127.0.0.1"``, and checks
  that every node the cluster lists is on ``127.0.0.1``.

Real clusters are started with ``ray start --node-ip-address``
(``docs/ray.md``); nothing here is used by ``--ray``.
"""

from __future__ import annotations

import importlib
import logging
import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ..errors import PachisiError
from . import _import_ray

__all__ = ["ENVIRONMENT", "LOOPBACK", "NODE_IP_ENV", "add_node", "loopback_cluster", "use_loopback"]

#: The only address a local test cluster uses.
LOOPBACK = "127.0.0.1"

#: The variable with which Ray takes the loopback address as this node's
#: (Ray's ``ENABLE_RAY_CLUSTER`` constant; "0": loopback).
NODE_IP_ENV = "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"

#: The environment of a loopback cluster's processes (see the module's documentation).
ENVIRONMENT = {
    NODE_IP_ENV: "0",
    "RAY_USAGE_STATS_ENABLED": "0",
    **{
        name: f"http://{LOOPBACK}:9"  # the discard port: nothing listens there
        for name in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY")
    },
    **{name: f"{LOOPBACK},localhost,::1" for name in ("no_proxy", "NO_PROXY")},
}

_RULE = "a local test cluster may use loopback (127.0.0.1) only"


@contextmanager
def use_loopback() -> Iterator[None]:
    """Ray in this process (and the processes it starts) on ``127.0.0.1``, with
    :data:`ENVIRONMENT`.

    Raises :class:`~pachisi.errors.PachisiError`, having started nothing,
    if Ray still names another address for this node. The environment and
    Ray's constant are restored at the end.
    """
    ray = _import_ray()
    constants: Any = importlib.import_module("ray._private.ray_constants")
    services: Any = importlib.import_module("ray._private.services")
    saved_env = {name: os.environ.get(name) for name in ENVIRONMENT}
    saved_flag = constants.ENABLE_RAY_CLUSTER
    os.environ.update(ENVIRONMENT)
    constants.ENABLE_RAY_CLUSTER = False  # Ray reads it at import: it may be imported already
    try:
        if ray.is_initialized():
            raise PachisiError(f"{_RULE}: this process is already connected to a Ray cluster")
        ip = services.get_node_ip_address()
        if ip != LOOPBACK:
            raise PachisiError(f"{_RULE}, and Ray would bind this node to {ip}")
        yield
    finally:
        constants.ENABLE_RAY_CLUSTER = saved_flag
        for name, value in saved_env.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def add_node(cluster: Any, num_cpus: int = 1) -> Any:
    """Add a worker node with ``num_cpus`` CPUs on ``127.0.0.1`` to ``cluster``."""
    return cluster.add_node(num_cpus=num_cpus, node_ip_address=LOOPBACK)


@contextmanager
def loopback_cluster(worker_nodes: int = 1) -> Iterator[Any]:
    """A ``ray.cluster_utils.Cluster`` on ``127.0.0.1``, this process connected.

    A head with no CPUs and ``worker_nodes`` worker nodes of one CPU each
    (add more with :func:`add_node`). Everything is shut down at the end
    (the cluster's own processes only). A
    :class:`~pachisi.errors.PachisiError` where Ray would not use loopback
    (see the module's documentation).
    """
    with use_loopback():
        ray = _import_ray()
        cluster_utils: Any = importlib.import_module("ray.cluster_utils")
        cluster = cluster_utils.Cluster(
            initialize_head=True,
            connect=False,
            head_node_args={
                "num_cpus": 0,
                "include_dashboard": False,
                "node_ip_address": LOOPBACK,
            },
        )
        try:
            for _ in range(worker_nodes):
                add_node(cluster)
            cluster.wait_for_nodes()
            if not cluster.address.startswith(f"{LOOPBACK}:"):
                raise PachisiError(f"{_RULE}, and the cluster is at {cluster.address}")
            ray.init(
                address=cluster.address,
                _node_ip_address=LOOPBACK,
                logging_level=logging.WARNING,
                log_to_driver=False,
            )
            elsewhere = {n["NodeManagerAddress"] for n in ray.nodes()} - {LOOPBACK}
            if elsewhere:
                raise PachisiError(f"{_RULE}, and nodes are on {', '.join(sorted(elsewhere))}")
            yield cluster
        finally:
            ray.shutdown()
            cluster.shutdown()
