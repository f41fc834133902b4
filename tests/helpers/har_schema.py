"""A JSON Schema (draft 7) of HAR 1.2, written from the HAR 1.2 specification's object
list: the required fields and their types, for the export tests to validate against."""

from __future__ import annotations

from typing import Any

_NAME_VALUE = {
    "type": "object",
    "required": ["name", "value"],
    "properties": {"name": {"type": "string"}, "value": {"type": "string"}},
}
_LIST = {"type": "array", "items": _NAME_VALUE}
_DATE = {
    "type": "string",
    "pattern": r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$",
}
_COOKIES = {
    "type": "array",
    "items": {
        "type": "object",
        "required": ["name", "value"],
        "properties": {"name": {"type": "string"}, "value": {"type": "string"}},
    },
}
_TIMING = {"type": "number", "minimum": -1}

HAR_1_2: dict[str, Any] = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "type": "object",
    "required": ["log"],
    "properties": {
        "log": {
            "type": "object",
            "required": ["version", "creator", "entries"],
            "properties": {
                "version": {"type": "string", "enum": ["1.2"]},
                "creator": {
                    "type": "object",
                    "required": ["name", "version"],
                    "properties": {"name": {"type": "string"}, "version": {"type": "string"}},
                },
                "pages": {"type": "array"},
                "entries": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": [
                            "startedDateTime",
                            "time",
                            "request",
                            "response",
                            "cache",
                            "timings",
                        ],
                        "properties": {
                            "pageref": {"type": "string"},
                            "startedDateTime": _DATE,
                            "time": {"type": "number", "minimum": 0},
                            "request": {
                                "type": "object",
                                "required": [
                                    "method",
                                    "url",
                                    "httpVersion",
                                    "cookies",
                                    "headers",
                                    "queryString",
                                    "headersSize",
                                    "bodySize",
                                ],
                                "properties": {
                                    "method": {"type": "string"},
                                    "url": {"type": "string", "format": "uri"},
                                    "httpVersion": {"type": "string"},
                                    "cookies": _COOKIES,
                                    "headers": _LIST,
                                    "queryString": _LIST,
                                    "postData": {
                                        "type": "object",
                                        "required": ["mimeType"],
                                        "properties": {
                                            "mimeType": {"type": "string"},
                                            "text": {"type": "string"},
                                            "params": {
                                                "type": "array",
                                                "items": {
                                                    "type": "object",
                                                    "required": ["name"],
                                                },
                                            },
                                        },
                                    },
                                    "headersSize": {"type": "integer", "minimum": -1},
                                    "bodySize": {"type": "integer", "minimum": -1},
                                },
                            },
                            "response": {
                                "type": "object",
                                "required": [
                                    "status",
                                    "statusText",
                                    "httpVersion",
                                    "cookies",
                                    "headers",
                                    "content",
                                    "redirectURL",
                                    "headersSize",
                                    "bodySize",
                                ],
                                "properties": {
                                    "status": {"type": "integer"},
                                    "statusText": {"type": "string"},
                                    "httpVersion": {"type": "string"},
                                    "cookies": _COOKIES,
                                    "headers": _LIST,
                                    "content": {
                                        "type": "object",
                                        "required": ["size", "mimeType"],
                                        "properties": {
                                            "size": {"type": "integer"},
                                            "compression": {"type": "integer"},
                                            "mimeType": {"type": "string"},
                                            "text": {"type": "string"},
                                            "encoding": {"type": "string"},
                                        },
                                    },
                                    "redirectURL": {"type": "string"},
                                    "headersSize": {"type": "integer", "minimum": -1},
                                    "bodySize": {"type": "integer", "minimum": -1},
                                },
                            },
                            "cache": {"type": "object"},
                            "timings": {
                                "type": "object",
                                "required": ["send", "wait", "receive"],
                                "properties": {
                                    "blocked": _TIMING,
                                    "dns": _TIMING,
                                    "connect": _TIMING,
                                    "send": {"type": "number", "minimum": 0},
                                    "wait": {"type": "number", "minimum": 0},
                                    "receive": {"type": "number", "minimum": 0},
                                    "ssl": _TIMING,
                                },
                            },
                        },
                    },
                },
            },
        }
    },
}
