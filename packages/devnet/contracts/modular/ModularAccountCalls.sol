// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

import {UUPSUpgradeable} from "solady/utils/UUPSUpgradeable.sol";
import {Receiver} from "solady/accounts/Receiver.sol";

/// One call of `executeBatch((address,uint256,bytes)[])`, the encoding MA v1 and MA v2 share.
struct Call {
    address target;
    uint256 value;
    bytes data;
}

/// The calls every Sigil modular stand-in answers: `execute` (0xb61d27f6), `executeBatch` (0x34fcd5be) and UUPS
/// `upgradeToAndCall` (0x4f1ef286, ERC-1967 slot), each allowed to the caller `_checkAuthorized` accepts.
/// Ether and ERC-721/1155 tokens are accepted by `Receiver`.
abstract contract ModularAccountCalls is UUPSUpgradeable, Receiver {
    error Unauthorized(address caller);

    modifier onlyAuthorized() {
        _checkAuthorized();
        _;
    }

    /// Reverts unless the caller may make the account act (the EntryPoint, the account itself, an owner).
    function _checkAuthorized() internal view virtual;

    function execute(address target, uint256 value, bytes calldata data)
        external
        payable
        onlyAuthorized
        returns (bytes memory result)
    {
        result = _call(target, value, data);
    }

    function executeBatch(Call[] calldata calls) external payable onlyAuthorized returns (bytes[] memory results) {
        results = new bytes[](calls.length);
        for (uint256 i = 0; i < calls.length; ++i) {
            results[i] = _call(calls[i].target, calls[i].value, calls[i].data);
        }
    }

    function _authorizeUpgrade(address) internal view override {
        _checkAuthorized();
    }

    /// Calls `target` and bubbles its revert data up unchanged.
    function _call(address target, uint256 value, bytes calldata data) internal returns (bytes memory result) {
        bool success;
        (success, result) = target.call{value: value}(data);
        if (!success) {
            assembly {
                revert(add(result, 0x20), mload(result))
            }
        }
    }

    /// Pays the EntryPoint what it asks for the operation's prefund; a failed payment is the EntryPoint's to report.
    function _payPrefund(uint256 missingAccountFunds) internal {
        if (missingAccountFunds == 0) return;
        (bool success,) = payable(msg.sender).call{value: missingAccountFunds}("");
        success;
    }
}
