// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

import {ECDSA} from "solady/utils/ECDSA.sol";
import {SignatureCheckerLib} from "solady/utils/SignatureCheckerLib.sol";

// ModularAccountV2 signer signatures: a type byte, then the signature. Type 0x00 (EOA) is an ECDSA signature
// (of the EIP-191 hash for user operations), type 0x01 (contract) is the signer contract's ERC-1271 answer.
// Never reverts on a malformed signature. (Free functions: no library artifact.)

uint8 constant SIGNATURE_TYPE_EOA = 0;
uint8 constant SIGNATURE_TYPE_CONTRACT = 1;

/// `signature` = type ‖ signature of the userOpHash.
function isValidSignerUserOpSignature(address signer, bytes32 userOpHash, bytes calldata signature)
    view
    returns (bool)
{
    if (signature.length == 0 || uint8(signature[0]) != SIGNATURE_TYPE_EOA) {
        return isValidSignerSignature(signer, userOpHash, signature);
    }
    return isValidSignerSignature(signer, ECDSA.toEthSignedMessageHash(userOpHash), signature);
}

/// `signature` = type ‖ signature of `digest`.
function isValidSignerSignature(address signer, bytes32 digest, bytes calldata signature) view returns (bool) {
    if (signer == address(0) || signature.length == 0) return false;
    uint8 signatureType = uint8(signature[0]);
    if (signatureType == SIGNATURE_TYPE_EOA) return ECDSA.tryRecoverCalldata(digest, signature[1:]) == signer;
    if (signatureType == SIGNATURE_TYPE_CONTRACT) {
        return SignatureCheckerLib.isValidERC1271SignatureNowCalldata(signer, digest, signature[1:]);
    }
    return false;
}
