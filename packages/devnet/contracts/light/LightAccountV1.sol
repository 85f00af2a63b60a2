// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

import {ECDSA} from "solady/utils/ECDSA.sol";
import {UserOperation} from "aa-contracts-06/interfaces/UserOperation.sol";
import {SingleOwnerLightAccountBase} from "./SingleOwnerLightAccountBase.sol";

/// @title LightAccountV1
/// @notice Sigil's stand-in for LightAccount v1.1.0 on EntryPoint v0.6, for local development (the audited
/// contract is used on public chains). Signatures carry no type byte:
/// - user operation: the owner's EIP-191 signature over the user-operation hash (65 bytes), or, for a contract
///   owner, whatever its ERC-1271 `isValidSignature(userOpHash, signature)` accepts;
/// - ERC-1271: the owner's signature over the EIP-712 digest of `LightAccountMessage(bytes message)`
///   (domain `LightAccount` / `1`), message = the 32-byte hash.
contract LightAccountV1 is SingleOwnerLightAccountBase {
    constructor(address anEntryPoint) SingleOwnerLightAccountBase(anEntryPoint) {}

    /// @notice ERC-4337 v0.6 validation: 0 for the owner's signature, 1 otherwise (never reverts on a bad one).
    function validateUserOp(UserOperation calldata userOp, bytes32 userOpHash, uint256 missingAccountFunds)
        external
        onlyEntryPoint
        returns (uint256 validationData)
    {
        address anOwner = owner();
        bool valid = _isValidEOASignature(anOwner, ECDSA.toEthSignedMessageHash(userOpHash), userOp.signature)
            || _isValidContractSignature(anOwner, userOpHash, userOp.signature);
        validationData = valid ? _SIG_VALIDATION_SUCCESS : _SIG_VALIDATION_FAILED;
        _payPrefund(missingAccountFunds);
    }

    function _isValidMessageSignature(bytes32 digest, bytes calldata signature) internal view override returns (bool) {
        address anOwner = owner();
        return _isValidEOASignature(anOwner, digest, signature) || _isValidContractSignature(anOwner, digest, signature);
    }

    function _domainNameAndVersion() internal pure override returns (string memory, string memory) {
        return ("LightAccount", "1");
    }
}
