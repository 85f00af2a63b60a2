// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

import {LightAccountFactoryBase} from "./LightAccountFactoryBase.sol";

/// @title LightAccountFactory
/// @notice Sigil's stand-in for the LightAccount v1.1.0 and v2.0.0 factories (one contract, deployed once per
/// version with that version's EntryPoint and implementation): `createAccount(address,uint256)` and
/// `getAddress(address,uint256)`. For local development; on public chains the audited factories are used.
contract LightAccountFactory is LightAccountFactoryBase {
    error InvalidOwner(address owner);

    constructor(address anEntryPoint, address implementation) LightAccountFactoryBase(anEntryPoint, implementation) {}

    /// @notice Deploys `owner`'s account for `salt`, or returns it when it exists.
    function createAccount(address owner, uint256 salt) external returns (address) {
        if (owner == address(0)) revert InvalidOwner(owner);
        return _deployProxy(_salt(owner, salt), abi.encodeWithSignature("initialize(address)", owner));
    }

    /// @notice The address `createAccount(owner, salt)` deploys to.
    function getAddress(address owner, uint256 salt) external view returns (address) {
        return _predictProxy(_salt(owner, salt));
    }

    function _salt(address owner, uint256 salt) private pure returns (bytes32) {
        return keccak256(abi.encode(owner, salt));
    }
}
