// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

import {LightAccountFactoryBase} from "./LightAccountFactoryBase.sol";

/// @title MultiOwnerLightAccountFactory
/// @notice Sigil's stand-in for the MultiOwnerLightAccount v2.0.0 factory: `createAccount(address[],uint256)`
/// with the owners sorted ascending, without duplicates or the zero address (as the SDK normalises them),
/// `createAccountSingle(address,uint256)` and `getAddress(address[],uint256)`. For local development; on public
/// chains the audited factory is used.
contract MultiOwnerLightAccountFactory is LightAccountFactoryBase {
    uint256 internal constant _MAX_OWNERS_ON_CREATION = 100;

    error InvalidOwners();
    error OwnersArrayEmpty();
    error OwnersLimitExceeded();

    constructor(address anEntryPoint, address implementation) LightAccountFactoryBase(anEntryPoint, implementation) {}

    /// @notice Deploys the account of `owners` for `salt`, or returns it when it exists.
    function createAccount(address[] calldata owners, uint256 salt) external returns (address) {
        _validateOwners(owners);
        return _deployProxy(_salt(owners, salt), abi.encodeWithSignature("initialize(address[])", owners));
    }

    /// @notice `createAccount([owner], salt)`.
    function createAccountSingle(address owner, uint256 salt) external returns (address) {
        address[] memory owners = new address[](1);
        owners[0] = owner;
        if (owner == address(0)) revert InvalidOwners();
        return _deployProxy(_salt(owners, salt), abi.encodeWithSignature("initialize(address[])", owners));
    }

    /// @notice The address `createAccount(owners, salt)` deploys to.
    function getAddress(address[] calldata owners, uint256 salt) external view returns (address) {
        _validateOwners(owners);
        return _predictProxy(_salt(owners, salt));
    }

    /// @dev Strictly ascending, so no duplicates and no zero address.
    function _validateOwners(address[] calldata owners) private pure {
        if (owners.length == 0) revert OwnersArrayEmpty();
        if (owners.length > _MAX_OWNERS_ON_CREATION) revert OwnersLimitExceeded();
        address previous;
        for (uint256 i; i < owners.length; ++i) {
            if (owners[i] <= previous) revert InvalidOwners();
            previous = owners[i];
        }
    }

    function _salt(address[] memory owners, uint256 salt) private pure returns (bytes32) {
        return keccak256(abi.encode(owners, salt));
    }
}
